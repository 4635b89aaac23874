import * as z from 'zod/mini';
import { RESERVE_STATUSES } from '../domain/bids';
import { defineContract } from './contract';

/** Bidding on an auction (issue 15; rules in docs/decisions/027-bidding-rules.md). */

const listingId = z.string().check(z.regex(/^[0-9A-Za-z]{1,64}$/, 'Not a listing id'));
const cents = z.number().check(z.int(), z.nonnegative());

/** The hidden reserve as anyone may see it: none, met or not met (never the amount). */
export const reserveStatusSchema = z.enum(RESERVE_STATUSES);

/** One line of the bid history: who (username), the amount it shows, when. Never a secret maximum. */
export const bidHistoryEntrySchema = z.object({
  id: z.string(),
  bidderUsername: z.string(),
  amountCents: cents,
  at: z.string(),
});
export type BidHistoryEntry = z.infer<typeof bidHistoryEntrySchema>;

/** The auction as everyone may see it after a bid. */
export const auctionViewSchema = z.object({
  listingId: z.string(),
  currentBidCents: cents,
  bidCount: z.number().check(z.int(), z.nonnegative()),
  /** ISO UTC; soft close may have moved it. */
  endsAt: z.string(),
  reserveStatus: reserveStatusSchema,
});

/** What the bidder gets back: the auction after the bid, whether they lead, and their bid's history line. */
export const bidPlacedSchema = z.extend(auctionViewSchema, {
  /** "You're the highest bidder" / "You've been outbid". */
  leading: z.boolean(),
  bid: bidHistoryEntrySchema,
});
export type BidPlaced = z.infer<typeof bidPlacedSchema>;

/**
 * The amount is the bidder's maximum, in cents. Any number passes the contract: a non-integer, zero or negative amount
 * is refused by the bidding rules with the spec's 'Please enter a valid bid amount'.
 */
export const placeBid = defineContract({
  method: 'POST',
  path: '/api/listings/{listingId}/bids',
  params: z.strictObject({ listingId }),
  body: z.strictObject({ amountCents: z.number() }),
  response: bidPlacedSchema,
});

/** The history shows at most this many bids, highest first. */
export const BID_HISTORY_LIMIT = 100;

export const listBids = defineContract({
  method: 'GET',
  path: '/api/listings/{listingId}/bids',
  params: z.strictObject({ listingId }),
  response: z.object({ items: z.array(bidHistoryEntrySchema) }),
});
