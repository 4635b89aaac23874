import type { AuctionResult } from '../auctions/ports';
import type { Clock } from '../clock/clock';
import type { ListingSummary } from '../listings/listing';
import type { MediaUrl } from '../listings/to-card';

export interface WishlistItem {
  listingId: string;
  addedAt: string;
}

export type AddOutcome = 'added' | 'already' | 'full';

export interface WishlistStore {
  /** Adds the item and counts it, in one transaction; 'full' when the wishlist already holds `max` items. */
  add(userId: string, listingId: string, addedAt: string, max: number): Promise<AddOutcome>;
  /** Removes the item and uncounts it; false when it was not there. */
  remove(userId: string, listingId: string): Promise<boolean>;
  items(userId: string): Promise<WishlistItem[]>;
  count(userId: string): Promise<number>;
}

/** A listing's card fields and how its auction closed (which decides whether its page still opens). */
export type SavedListing = ListingSummary & { auctionResult?: AuctionResult };

export interface ListingReader {
  /** The listings that exist among `ids` (card fields and the auction's result only). */
  summaries(ids: string[]): Promise<SavedListing[]>;
}

export interface WishlistDeps {
  wishlist: WishlistStore;
  listings: ListingReader;
  mediaUrl: MediaUrl;
  clock: Clock;
}
