import type { ShippingType } from '../../../shared/domain/listing';
import type { Cents } from '../../../shared/domain/money';
import type { AuctionListing } from '../bids/ports';
import type { OrderRecord } from '../orders/order';
import type { EventPublisher } from '../realtime/ports';

/** How the close schedule ended an auction (stored on the listing as `auctionResult`). */
export type AuctionResult = 'sold' | 'no_bids' | 'reserve_not_met';

/** An auction as read (strongly consistent) to be closed: its bidding state plus what its order and its exit need. */
export interface ClosingAuction extends AuctionListing {
  listing: AuctionListing['listing'] & {
    shippingType: ShippingType;
    location?: { zipCode?: string };
    /** Where its id sits in its words' postings (leaving search removes it from there). */
    postingSlots?: string[];
  };
}

/** An auction the schedule has closed, as its announcement and the seller's later choices read it. */
export interface ClosedAuction {
  listingId: string;
  title: string;
  sellerId: string;
  sellerUsername: string;
  /** sold while an order holds it (awaiting payment or paid), ended otherwise. */
  status: 'sold' | 'ended';
  result: AuctionResult;
  /** The final price (sold), or the highest bid shown (unsold); null without bids. */
  priceCents: Cents | null;
  /** The winner (sold), else null. */
  winnerId: string | null;
  /** The order that holds it or last held it (the winner's, then a second chance). */
  orderId: string | null;
  announced: boolean;
  /** The listing it was relisted as, once. */
  relistedAs: string | null;
}

export interface AuctionCloseStore {
  /** Ids of active auctions whose end is at or before `at`, earliest end first, a page at a time (end-time index). */
  due(at: string, cursor: string | null): Promise<{ listingIds: string[]; cursor: string | null }>;
  read(listingId: string): Promise<ClosingAuction | null>;
  /**
   * Ends the auction in one transaction, conditionally on the version read, the status active and the end (which soft
   * close may have moved) not after `at`: its status (sold with the winner's order, else ended), out of browse and
   * search (index keys, facets, postings), and the winner's order created holding the unit. 'stale' when a bid or an
   * edit got there first, or another run closed it.
   */
  close(read: ClosingAuction, result: AuctionResult, order: OrderRecord | null, at: Date): Promise<'ok' | 'stale'>;
  closed(listingId: string): Promise<ClosedAuction | null>;
  /** Closed auctions not yet announced whose end was in (from, to]. */
  unannounced(from: string, to: string): Promise<string[]>;
  markAnnounced(listingId: string, at: Date): Promise<void>;
}

/** Who bid on a listing (each once). */
export type BiddersOf = (listingId: string) => Promise<string[]>;

export interface AuctionUsers {
  user(userId: string): Promise<{ userId: string; username: string; walletAddress: string } | null>;
}

export type { EventPublisher };
