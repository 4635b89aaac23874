import type { ReserveStatus } from '../../../shared/domain/bids';
import type { Cents } from '../../../shared/domain/money';
import type { ListingSummary } from '../listings/listing';
import type { AuctionState } from './auction-state';
import type { AcceptedBid } from './place-bid';

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

export interface BidStore {
  /** The listing with its auction state, read strongly consistent; null when there is none. */
  read(listingId: string): Promise<AuctionListing | null>;
  /**
   * Writes the accepted bid in one transaction: the listing's new state (its price-keyed indexes and facets with it)
   * conditionally on the version read, the status active and the end still ahead of `now`, the bid item, and the
   * bidder's entry for this auction (their maximum and latest bid time, for My Activity). 'stale' when the listing
   * changed since it was read (another bid won the race).
   */
  commit(read: AuctionListing, accepted: AcceptedBid, bid: PlacedBid, now: Date): Promise<'ok' | 'stale'>;
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
