import type { BidPlaced } from '../../../shared/api/bids';
import type { ReserveStatus } from '../../../shared/domain/bids';
import type { Cents } from '../../../shared/domain/money';
import type { ListingSummary } from '../listings/listing';
import type { AuctionState } from './auction-state';
import type { AcceptedBid } from './bid-rules';

/** An auction as read (strongly consistent) for a bid: its card fields, stock and version, and its bidding state. */
export interface AuctionListing {
  listing: ListingSummary & {
    version: number;
    quantity: number;
    quantitySold: number;
    quantityReserved: number;
  };
  state: AuctionState;
}

/** One accepted bid as stored: the history line (username, the amount it shows, when) and who bid. */
export interface BidRecord {
  listingId: string;
  bidId: string;
  bidderId: string;
  bidderUsername: string;
  amountCents: Cents;
  at: string;
}

/** A bid being written: its history line and the bidder's maximum (theirs alone to see: their own auction entry). */
export interface PlacedBid extends BidRecord {
  maxCents: Cents;
}

/** Whose request a bid answers: the bidder, the auction and the Idempotency-Key they sent. */
export interface BidRequestKey {
  userId: string;
  listingId: string;
  idempotencyKey: string;
}

/**
 * A placed bid's answer as stored with it (decision 031), for a retry with the same key: kept for the bidder's latest
 * bid on the auction. An older request sent again is decided again, and refused: a bidder's maximum only rises.
 */
export interface StoredAnswer {
  /** The amount the request named (its maximum): the same key with another amount is another request. */
  amountCents: Cents;
  answer: BidPlaced;
}

/** One accepted bid to write: the rules' answer, its history line, and the request's key with the answer it gets. */
export interface BidToWrite {
  accepted: AcceptedBid;
  bid: PlacedBid;
  request: BidRequestKey & StoredAnswer;
}

/**
 * written: the listing as it is now (its new state and version). stale: the listing changed since it was read
 * (another bid won the race). key_used: these bids' (indexes) request keys were stored meanwhile (the same request sent
 * twice at once); nothing was written.
 */
export type CommitOutcome =
  { kind: 'written'; after: AuctionListing } | { kind: 'stale' } | { kind: 'key_used'; requests: number[] };

export interface BidStore {
  /** The listing with its auction state, read strongly consistent; null when there is none. */
  read(listingId: string): Promise<AuctionListing | null>;
  /**
   * The answer stored for this request's key (when it was the bidder's latest bid on the auction), read strongly
   * consistent; null otherwise.
   */
  answered(request: BidRequestKey): Promise<StoredAnswer | null>;
  /** Both of the above in one read (not one snapshot: each item as it was when read). */
  readWithAnswer(request: BidRequestKey): Promise<{ auction: AuctionListing | null; answered: StoredAnswer | null }>;
  /**
   * Writes accepted bids, each decided on the state the one before it left (the first on `read`), in one transaction:
   * the listing's state after the last (its price-keyed indexes and facets with it) conditionally on the version read,
   * the status active and the end still ahead of the first bid's time; each bid's history line; and each bidder's
   * entry for this auction (their latest maximum and bid time, for My Activity, with that bid's key and answer),
   * conditionally on holding none of these bids' keys.
   */
  commit(read: AuctionListing, bids: readonly BidToWrite[]): Promise<CommitOutcome>;
  /** The history, highest amount first, at most `limit`. */
  history(listingId: string, limit: number): Promise<BidRecord[]>;
}

/** What others learn of a bid: the listing's topic gets the new public state, the outbid bidder a notification. */
export interface BidEvents {
  placed(e: {
    listing: AuctionListing['listing'];
    accepted: AcceptedBid;
    bid: BidRecord;
    reserveStatus: ReserveStatus;
  }): Promise<void>;
}
