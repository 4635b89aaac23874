import type { WishlistEntry } from '../../../shared/api/wishlist';
import { WISHLIST_MAX_ITEMS } from '../../../shared/api/wishlist';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { AuctionResult } from '../auctions/ports';
import { isShown } from '../listings/get-listing';
import type { ListingSummary } from '../listings/listing';
import { toListingCard, type MediaUrl } from '../listings/to-card';

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
  now: () => Date;
}

/** Spec part 2: a wishlist entry joins its listing; only active listings can be added. */
export async function addToWishlist(userId: string, listingId: string, deps: WishlistDeps) {
  const [listing] = await deps.listings.summaries([listingId]);
  if (!listing || listing.status === 'deleted') throw new NotFoundError('Listing not found');
  if (listing.status !== 'active') throw new ConflictError('This listing is no longer available');
  const outcome = await deps.wishlist.add(userId, listingId, deps.now().toISOString(), WISHLIST_MAX_ITEMS);
  if (outcome === 'full') {
    throw new ConflictError(`Your wishlist is full (${WISHLIST_MAX_ITEMS} items). Remove some to add more.`);
  }
  return { listingId, added: outcome === 'added', count: await deps.wishlist.count(userId) };
}

export async function removeFromWishlist(userId: string, listingId: string, deps: Pick<WishlistDeps, 'wishlist'>) {
  const removed = await deps.wishlist.remove(userId, listingId);
  return { listingId, removed, count: await deps.wishlist.count(userId) };
}

/**
 * Newest first. A saved listing keeps its card, with its status, while its page still opens (active, sold, or an
 * auction that ended at its end: the saver sees how it went); once gone (ended by its seller, deleted) it stays on the
 * list without a card, so it can be removed.
 */
export async function listWishlist(userId: string, deps: Omit<WishlistDeps, 'now'>) {
  const items = (await deps.wishlist.items(userId)).sort((a, b) => b.addedAt.localeCompare(a.addedAt));
  const summaries = await deps.listings.summaries(items.map((i) => i.listingId));
  const shown = new Map(summaries.filter(isShown).map((s) => [s.listingId, s]));
  const entries: WishlistEntry[] = items.map((item) => {
    const l = shown.get(item.listingId);
    return { ...item, listing: l ? { ...toListingCard(l, deps.mediaUrl), status: l.status } : null };
  });
  return { items: entries, count: items.length };
}
