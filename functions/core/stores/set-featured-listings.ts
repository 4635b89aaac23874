import type { Clock } from '../clock/clock';
import type { SellerListingStore } from '../listings/ports';
import { checkPins } from './featured-listings';

export interface FeaturedPinStore {
  /** Replaces the seller's pins (an empty list removes them). */
  save(sellerId: string, listingIds: readonly string[], at: Date): Promise<void>;
}

/** The Preview tab's Featured Items: pins up to four of the seller's own active listings, in the order given. */
export async function setFeaturedListings(
  sellerId: string,
  listingIds: readonly string[],
  deps: { listings: Pick<SellerListingStore, 'get'>; pins: FeaturedPinStore; clock: Clock },
): Promise<{ listingIds: string[] }> {
  checkPins(sellerId, listingIds, await Promise.all(listingIds.map((id) => deps.listings.get(id))));
  await deps.pins.save(sellerId, listingIds, deps.clock.now());
  return { listingIds: [...listingIds] };
}
