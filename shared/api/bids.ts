import * as z from 'zod/mini';
import { RESERVE_STATUSES } from '../domain/bids';
import { withinAmountLimit } from './amount-limit';
import { defineContract } from './contract';
import { listingImageSchema } from './listings';

/** Bidding on an auction (rules in docs/decisions/027-bidding-rules.md). */

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
 * The amount is the bidder's maximum, in cents. Any number up to the money limit passes the contract: a non-integer,
 * zero or negative amount is refused by the bidding rules with the spec's 'Please enter a valid bid amount'.
 */
export const placeBid = defineContract({
  method: 'POST',
  path: '/api/listings/{listingId}/bids',
  params: z.strictObject({ listingId }),
  body: z.strictObject({ amountCents: z.number().check(withinAmountLimit()) }),
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

/** My Activity's status (spec part 3): 'ended' once the auction is over, else 'pending'. */
export const MY_BID_STATUSES = ['pending', 'ended'] as const;
/** Where the caller stands (decision 030): winning or outbid while it runs, won or lost after. */
export const MY_BID_STANDINGS = ['winning', 'outbid', 'won', 'lost'] as const;

/** One auction the caller bid on: the listing as it is now and the caller's own maximum. */
export const myBidSchema = z.object({
  listingId: z.string(),
  title: z.string(),
  image: z.nullable(listingImageSchema),
  /** The price shown now (the starting bid before any bid). */
  currentBidCents: cents,
  bidCount: z.number().check(z.int(), z.nonnegative()),
  endsAt: z.string(),
  reserveStatus: reserveStatusSchema,
  /** The caller's maximum on this auction: theirs alone to see. */
  maxCents: cents,
  /** When the caller last bid on it (ISO UTC). */
  lastBidAt: z.string(),
  status: z.enum(MY_BID_STATUSES),
  standing: z.enum(MY_BID_STANDINGS),
});
export type MyBid = z.infer<typeof myBidSchema>;

export const MY_BIDS_PAGE_SIZE = 20;

/**
 * The auctions the caller bid on, one row each, latest bid first. `status` keeps only running ('pending', the cart's
 * Active Bids) or ended ones; a filtered page may hold fewer rows than `limit` while `nextCursor` says more may follow.
 */
export const listMyBids = defineContract({
  method: 'GET',
  path: '/api/me/bids',
  query: z.strictObject({
    status: z.optional(z.enum(MY_BID_STATUSES)),
    limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50)), MY_BIDS_PAGE_SIZE),
    cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(2048))),
  }),
  response: z.object({ items: z.array(myBidSchema), nextCursor: z.nullable(z.string()) }),
});
