import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import type { Clock } from '../clock/clock';
import type { SellerListingStore } from './ports';

export interface EndListingDeps {
  store: Pick<SellerListingStore, 'get' | 'end'>;
  clock: Clock;
}

/** Spec part 3: only the seller ends a listing, only an active one; it leaves browse at once. */
export async function endListing(sellerId: string, listingId: string, deps: EndListingDeps) {
  const listing = await deps.store.get(listingId);
  if (!listing || listing.status === 'deleted') throw new NotFoundError('Listing not found');
  if (listing.sellerId !== sellerId) throw new ForbiddenError('Only the seller can end this listing');
  if (listing.status !== 'active' || !(await deps.store.end(listing, deps.clock.now()))) {
    throw new ConflictError('This listing is no longer active');
  }
  return { id: listingId, status: 'ended' as const };
}
