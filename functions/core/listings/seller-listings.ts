import type { MyListing } from '../../../shared/api/listings';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import type { ListingSummary } from './listing';
import { toListingCard, type MediaUrl } from './to-card';

export interface SellerListingStore {
  /** The seller's listings, newest first (their own index; every status). */
  bySeller(sellerId: string): Promise<ListingSummary[]>;
  get(listingId: string): Promise<ListingSummary | null>;
  /** Sets status 'ended' only if the listing is still active and still the seller's; false when that no longer holds. */
  end(listing: ListingSummary, now: Date): Promise<boolean>;
}

export async function listMyListings(sellerId: string, store: SellerListingStore, mediaUrl: MediaUrl) {
  const items: MyListing[] = (await store.bySeller(sellerId))
    .filter((l) => l.status !== 'deleted')
    .map((l) => ({ ...toListingCard(l, mediaUrl), status: l.status }));
  return { items };
}

/** Spec part 3: only the seller ends a listing, only an active one; it leaves browse at once. */
export async function endListing(sellerId: string, listingId: string, store: SellerListingStore, now: Date) {
  const listing = await store.get(listingId);
  if (!listing || listing.status === 'deleted') throw new NotFoundError('Listing not found');
  if (listing.sellerId !== sellerId) throw new ForbiddenError('Only the seller can end this listing');
  if (listing.status !== 'active' || !(await store.end(listing, now))) {
    throw new ConflictError('This listing is no longer active');
  }
  return { id: listingId, status: 'ended' as const };
}
