import type { ListingCategory } from '../../../shared/domain/categories';
import type { ListingCondition, ListingType } from '../../../shared/domain/listing';
import type { ListingSummary } from './listing';

/** Which ordered index a browse page is read from. */
export type BrowseOrder = 'newest' | 'price-asc' | 'price-desc' | 'ending-soon';

export interface BrowsePageQuery {
  order: BrowseOrder;
  category?: ListingCategory;
  subcategory?: string;
  featuredOnly: boolean;
  listingType?: ListingType;
  condition?: ListingCondition;
  /** Inclusive bounds on sortPriceCents. */
  minPriceCents?: number;
  maxPriceCents?: number;
  /** For 'ending-soon': only auctions ending after this instant. */
  endsAfter?: string;
  limit: number;
  cursor?: string;
}

/** Read side of active listings, implemented over the table's indexes (never a scan). */
export interface ListingBrowsePort {
  page(query: BrowsePageQuery): Promise<{ items: ListingSummary[]; cursor: string | null }>;
  /**
   * Ids of active listings having a search word that starts with `prefix`. `complete` is false when the read stopped at
   * its cap (a very broad prefix such as one letter): the ids are then a part of the matches.
   */
  idsWithWordPrefix(prefix: string): Promise<{ ids: string[]; complete: boolean }>;
  getMany(ids: readonly string[]): Promise<ListingSummary[]>;
}

/** The seller's own listings (the seller portal), over their own index. */
export interface SellerListingStore {
  /** The seller's listings, newest first (their own index; every status). */
  bySeller(sellerId: string): Promise<ListingSummary[]>;
  get(listingId: string): Promise<ListingSummary | null>;
  /** Sets status 'ended' only if the listing is still active and still the seller's; false when that no longer holds. */
  end(listing: ListingSummary, at: Date): Promise<boolean>;
}
