import * as z from 'zod/mini';
import { ACTIVITY_KINDS, ANALYTICS_RANGES, DEFAULT_ANALYTICS_RANGE } from '../domain/analytics';
import { defineContract } from './contract';

/** The seller portal's Analytics and the listing page's view beacon (decision 056). */

const count = z.number().check(z.int(), z.nonnegative());
const cents = count;

/**
 * The listing page tells the server it was shown (once per page display). Anyone may send it; the server decides
 * whether it counts (not the seller's own, not a bot, not a repeat within 30 minutes) and always answers 202.
 */
export const recordListingView = defineContract({
  method: 'POST',
  path: '/api/listings/{listingId}/views',
  params: z.strictObject({ listingId: z.string().check(z.regex(/^[0-9A-Za-z]{1,64}$/, 'Not a listing id')) }),
  body: z.strictObject({}),
  response: z.object({}),
});

/** The range as the query carries it: '7', '30' or '90' (days). */
export const ANALYTICS_RANGE_PARAMS = ANALYTICS_RANGES.map(String) as ['7', '30', '90'];
const rangeQuery = z._default(
  z.enum(ANALYTICS_RANGE_PARAMS, 'Choose a range of 7, 30 or 90 days'),
  String(DEFAULT_ANALYTICS_RANGE) as '30',
);

export const analyticsListingSchema = z.object({
  listingId: z.string(),
  /** Null when the listing is gone (deleted). */
  title: z.nullable(z.string()),
  imageUrl: z.nullable(z.string()),
  views: count,
  revenueCents: cents,
});
export type AnalyticsListing = z.infer<typeof analyticsListingSchema>;

export const analyticsActivitySchema = z.object({
  id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  at: z.string(),
  /** Who it came from (the buyer). */
  username: z.string(),
  /** What it is about: the listing's title, or the items of a sale. Null for a message sent from the store page. */
  subject: z.nullable(z.string()),
  listingId: z.nullable(z.string()),
  /** An offer's amount, a sale's released amount; null for a message. */
  amountCents: z.nullable(cents),
});
export type AnalyticsActivity = z.infer<typeof analyticsActivitySchema>;

export const analyticsDaySchema = z.object({ day: z.string(), views: count, sales: count, revenueCents: cents });
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

export const sellerAnalyticsSchema = z.object({
  range: z.number(),
  /** First and last UTC day of the range (YYYY-MM-DD), today last. */
  from: z.string(),
  to: z.string(),
  figures: z.object({
    views: count,
    /** Estimated (a HyperLogLog sketch per day, merged): a viewer seen on several days of the range counts once. */
    uniqueViewers: count,
    messages: count,
    offers: count,
    sales: count,
    /** RLUSD released to the seller from escrows in the range (item and shipping), in cents. */
    revenueCents: cents,
    /** The platform fees of those sales, in cents (paid by the seller apart from the escrow). */
    feeCents: cents,
    activeListings: count,
    followers: count,
  }),
  /** One entry per day of the range, oldest first (days without anything are zeros). */
  daily: z.array(analyticsDaySchema),
  topByViews: z.array(analyticsListingSchema),
  topByRevenue: z.array(analyticsListingSchema),
  /** The seller's latest messages received, offers received and sales, newest first (at most 20). */
  activity: z.array(analyticsActivitySchema),
});
export type SellerAnalytics = z.infer<typeof sellerAnalyticsSchema>;

/** The caller's own figures as a seller over the last 7, 30 or 90 days. */
export const getSellerAnalytics = defineContract({
  method: 'GET',
  path: '/api/me/analytics',
  query: z.strictObject({ range: rangeQuery }),
  response: sellerAnalyticsSchema,
});
