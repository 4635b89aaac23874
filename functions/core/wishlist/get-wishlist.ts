import type { WishlistEntry } from '../../../shared/api/wishlist';
import { isShown } from '../listings/get-listing';
import { toListingCard } from '../listings/to-card';
import type { WishlistDeps } from './wishlist';

/**
 * Newest first. A saved listing keeps its card, with its status, while its page still opens (active, sold, or an
 * auction that ended at its end: the saver sees how it went); once gone (ended by its seller, deleted) it stays on the
 * list without a card, so it can be removed.
 */
export async function getWishlist(userId: string, deps: Omit<WishlistDeps, 'clock'>) {
  const items = (await deps.wishlist.items(userId)).sort((a, b) => b.addedAt.localeCompare(a.addedAt));
  const summaries = await deps.listings.summaries(items.map((i) => i.listingId));
  const shown = new Map(summaries.filter(isShown).map((s) => [s.listingId, s]));
  const entries: WishlistEntry[] = items.map((item) => {
    const l = shown.get(item.listingId);
    return { ...item, listing: l ? { ...toListingCard(l, deps.mediaUrl), status: l.status } : null };
  });
  return { items: entries, count: items.length };
}
