import type { WishlistDeps } from './wishlist';

/** Takes the listing off the caller's wishlist; `removed` says whether it was there. */
export async function removeFromWishlist(userId: string, listingId: string, deps: Pick<WishlistDeps, 'wishlist'>) {
  const removed = await deps.wishlist.remove(userId, listingId);
  return { listingId, removed, count: await deps.wishlist.count(userId) };
}
