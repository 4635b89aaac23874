import type { Clock } from '../clock/clock';
import type { MediaUrl } from '../listings/to-card';
import type { CurrentOffers } from './offer-price';
import type { SaleListing } from './sale-listing';

export interface CartItem {
  listingId: string;
  quantity: number;
  addedAt: string;
}

export type PutOutcome = 'ok' | 'full';

export interface CartStore {
  /** Oldest first. */
  items(userId: string): Promise<CartItem[]>;
  /** Adds the listing or sets its quantity; 'full' when it is new and the cart already holds `max` lines. */
  put(userId: string, listingId: string, quantity: number, addedAt: string, max: number): Promise<PutOutcome>;
  remove(userId: string, listingIds: readonly string[]): Promise<void>;
}

export interface SaleListingReader {
  /** The listings that exist among `ids`, read consistently (prices and stock must be current). */
  get(ids: readonly string[]): Promise<SaleListing[]>;
}

/** What every cart use case reads and writes: the buyer's cart is always answered priced as it is now. */
export interface CartDeps {
  carts: CartStore;
  listings: SaleListingReader;
  /** The buyer's offers on the cart's listings: an accepted one prices its line (decision 033). */
  offers: CurrentOffers;
  mediaUrl: MediaUrl;
  clock: Clock;
}
