import type { MyListing } from '../../../shared/api/listings';
import type { SellerListingStore } from './ports';
import { toListingCard, type MediaUrl } from './to-card';

export interface ListMyListingsDeps {
  store: Pick<SellerListingStore, 'bySeller'>;
  mediaUrl: MediaUrl;
}

/** The seller's own listings in every status but deleted, newest first (the seller portal's list). */
export async function listMyListings(sellerId: string, deps: ListMyListingsDeps) {
  const items: MyListing[] = (await deps.store.bySeller(sellerId))
    .filter((l) => l.status !== 'deleted')
    .map((l) => ({ ...toListingCard(l, deps.mediaUrl), status: l.status }));
  return { items };
}
