import { WISHLIST_MAX_ITEMS } from '../../../shared/api/wishlist';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { WishlistDeps } from './wishlist';

/** Spec part 2: a wishlist entry joins its listing; only active listings can be added. */
export async function addToWishlist(userId: string, listingId: string, deps: WishlistDeps) {
  const [listing] = await deps.listings.summaries([listingId]);
  if (!listing || listing.status === 'deleted') throw new NotFoundError('Listing not found');
  if (listing.status !== 'active') throw new ConflictError('This listing is no longer available');
  const outcome = await deps.wishlist.add(userId, listingId, deps.clock.now().toISOString(), WISHLIST_MAX_ITEMS);
  if (outcome === 'full') {
    throw new ConflictError(`Your wishlist is full (${WISHLIST_MAX_ITEMS} items). Remove some to add more.`);
  }
  return { listingId, added: outcome === 'added', count: await deps.wishlist.count(userId) };
}
