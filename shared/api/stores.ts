import * as z from 'zod/mini';
import { defineContract } from './contract';
import { listingCardSchema } from './listings';
import { reviewSchema } from '../domain/reviews';
import { STORE_THEME_IDS } from '../domain/store-themes';
import { STORE_STATUSES } from '../domain/account-state';

/** A seller's public store page (/user/{username}, spec part 3 "Store page"). */
export const storeSchema = z.object({
  userId: z.string(),
  username: z.string(),
  avatarUrl: z.nullable(z.string()),
  bannerUrl: z.nullable(z.string()),
  storeName: z.nullable(z.string()),
  storeDescription: z.nullable(z.string()),
  bio: z.nullable(z.string()),
  /** Selling is turned on in the owner's profile. */
  isSeller: z.boolean(),
  /** An administrator marked the seller verified (decision 069): the 'Verified Seller' badge. */
  verified: z.boolean(),
  /** Average of the stored reviews, one decimal; null without reviews ('No ratings yet'). */
  rating: z.nullable(z.number()),
  reviewCount: z.number().check(z.int(), z.nonnegative()),
  salesCount: z.number().check(z.int(), z.nonnegative()),
  /** Public area only, e.g. "Austin, TX". */
  location: z.nullable(z.string()),
  joinedAt: z.string(),
  /** The seller's active listings, newest first. */
  listings: z.array(listingCardSchema),
  /** An administrator decided the seller owes a return's refund not paid yet (decision 054): 'Unresolved return'. */
  unresolvedReturn: z.boolean(),
  /** How many users follow the store (decision 058). */
  followerCount: z.number().check(z.int(), z.nonnegative()),
  /** Whether the signed-in caller follows it; false for a visitor and for the owner. */
  isFollowing: z.boolean(),
  /** The store's theme (shared/domain/store-themes.ts), painted for every visitor (decision 055). */
  theme: z.enum(STORE_THEME_IDS),
  /** Up to 4 featured listings: the seller's pins still active, in their order, else the newest four active. */
  featured: z.array(listingCardSchema),
  /** Whether `featured` are the seller's pins (false: the newest four). */
  featuredPinned: z.boolean(),
  /**
   * How to reach the seller, as their settings allow (decision 057): their profile's email and phone only when they
   * chose to show them, and whether they take new conversations (Message is disabled when not).
   */
  contact: z.object({ email: z.nullable(z.string()), phone: z.nullable(z.string()), acceptsMessages: z.boolean() }),
  /** The seller deactivated the store (decision 059): the page says so and lists nothing. */
  deactivated: z.boolean(),
  /** Where the store stands, with a deactivation or reactivation still moving its listings. */
  storeStatus: z.enum(STORE_STATUSES),
});
export type Store = z.infer<typeof storeSchema>;

export const getStore = defineContract({
  method: 'GET',
  path: '/api/stores/{username}',
  params: z.strictObject({ username: z.string().check(z.minLength(1), z.maxLength(40)) }),
  response: storeSchema,
});

export const STORE_REVIEWS_PAGE_SIZE = 20;

/** A stored review as the store page's Reviews tab shows it: with its reviewer's username and current avatar. */
export const storeReviewSchema = z.extend(reviewSchema, {
  reviewer: z.object({ username: z.string(), avatarUrl: z.nullable(z.string()) }),
});
export type StoreReview = z.infer<typeof storeReviewSchema>;

/** The seller's reviews, newest first, a page at a time. */
export const listStoreReviews = defineContract({
  method: 'GET',
  path: '/api/stores/{username}/reviews',
  params: z.strictObject({ username: z.string().check(z.minLength(1), z.maxLength(40)) }),
  query: z.strictObject({ cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(2000))) }),
  response: z.object({ items: z.array(storeReviewSchema), cursor: z.nullable(z.string()) }),
});

export const STORE_NAME_MAX = 60;
export const STORE_DESCRIPTION_MAX = 1000;
export const STORE_BIO_MAX = 500;

export const FULL_NAME_MAX = 100;

/**
 * The seller portal's Customize tab: empty texts clear a field; a field left out keeps its value (a banner or avatar is
 * saved on its own when chosen).
 */
export const storeSettingsSchema = z.strictObject({
  storeName: z.optional(
    z.string().check(z.trim(), z.maxLength(STORE_NAME_MAX, `Store name must be ${STORE_NAME_MAX} characters or fewer`)),
  ),
  storeDescription: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(STORE_DESCRIPTION_MAX, `Store description must be ${STORE_DESCRIPTION_MAX} characters or fewer`),
      ),
  ),
  bio: z.optional(
    z.string().check(z.trim(), z.maxLength(STORE_BIO_MAX, `Bio must be ${STORE_BIO_MAX} characters or fewer`)),
  ),
  /** 'Your Name': the profile's full name, required like on /settings (it is never cleared here). */
  fullName: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'Full name is required'),
        z.maxLength(FULL_NAME_MAX, `Full name must be ${FULL_NAME_MAX} characters or fewer`),
      ),
  ),
  theme: z.optional(z.enum(STORE_THEME_IDS, 'Choose one of the store themes')),
  /**
   * A new banner: the key of an upload started with POST /api/listing-photos/uploads. Left out keeps the current
   * banner; null removes it.
   */
  bannerKey: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(300)))),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

export const updateStore = defineContract({
  method: 'PUT',
  path: '/api/me/store',
  body: storeSettingsSchema,
  response: z.object({
    storeName: z.nullable(z.string()),
    storeDescription: z.nullable(z.string()),
    bio: z.nullable(z.string()),
    bannerUrl: z.nullable(z.string()),
    fullName: z.nullable(z.string()),
    theme: z.enum(STORE_THEME_IDS),
  }),
});

/** Listings a seller may pin to the top of their store (the Preview tab's featured items). */
export const STORE_FEATURED_MAX = 4;

/** Pins the seller's featured listings, in order: their own, active ones; an empty list goes back to the newest four. */
export const setFeaturedListings = defineContract({
  method: 'PUT',
  path: '/api/me/store/featured',
  body: z.strictObject({
    listingIds: z.array(z.string().check(z.regex(/^[0-9A-Za-z]{1,64}$/, 'Not a listing id'))).check(
      z.maxLength(STORE_FEATURED_MAX, `Feature at most ${STORE_FEATURED_MAX} listings`),
      z.refine((ids) => new Set(ids).size === ids.length, 'Each listing can be featured once'),
    ),
  }),
  response: z.object({ listingIds: z.array(z.string()) }),
});
