import { describe, expect, it } from 'vitest';
import { WISHLIST_MAX_ITEMS } from '../../../shared/api/wishlist';
import type { ListingSummary } from '../../../functions/core/listings/listing';
import { addToWishlist } from '../../../functions/core/wishlist/add-to-wishlist';
import { getWishlist } from '../../../functions/core/wishlist/get-wishlist';
import { removeFromWishlist } from '../../../functions/core/wishlist/remove-from-wishlist';
import {
  type SavedListing,
  type WishlistDeps,
  type WishlistItem,
  type WishlistStore,
} from '../../../functions/core/wishlist/wishlist';

function summary(id: string, status: ListingSummary['status'] = 'active'): ListingSummary {
  return {
    listingId: id,
    sellerId: 's1',
    sellerUsername: 'alice',
    title: `Item ${id}`,
    category: 'Electronics',
    condition: 'good',
    listingType: 'fixed',
    priceCents: 1000,
    status,
    sortPriceCents: 1000,
    createdAt: '2026-01-01T00:00:00Z',
  };
}

/** The store contract in memory: items and a count kept together, with the max enforced. */
function memoryStore(): WishlistStore & { items_: Map<string, WishlistItem> } {
  const items_ = new Map<string, WishlistItem>();
  return {
    items_,
    async add(_user, listingId, addedAt, max) {
      if (items_.has(listingId)) return 'already';
      if (items_.size >= max) return 'full';
      items_.set(listingId, { listingId, addedAt });
      return 'added';
    },
    async remove(_user, listingId) {
      return items_.delete(listingId);
    },
    async items() {
      return [...items_.values()];
    },
    async count() {
      return items_.size;
    },
  };
}

function deps(listings: ListingSummary[], store = memoryStore()): WishlistDeps & { store: typeof store } {
  let tick = 0;
  return {
    store,
    wishlist: store,
    listings: { summaries: async (ids) => listings.filter((l) => ids.includes(l.listingId)) },
    mediaUrl: (k) => `/media/${k}`,
    clock: { now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, tick++)) },
  };
}

describe('wishlist rules', () => {
  it('adds active listings once, and refuses unknown (404) or no longer active (409) ones', async () => {
    const d = deps([summary('a'), summary('sold', 'sold'), summary('gone', 'deleted')]);
    expect(await addToWishlist('u', 'a', d)).toEqual({ listingId: 'a', added: true, count: 1 });
    expect(await addToWishlist('u', 'a', d)).toEqual({ listingId: 'a', added: false, count: 1 });
    await expect(addToWishlist('u', 'nope', d)).rejects.toMatchObject({ status: 404 });
    await expect(addToWishlist('u', 'gone', d)).rejects.toMatchObject({ status: 404 });
    await expect(addToWishlist('u', 'sold', d)).rejects.toMatchObject({ status: 409 });
  });

  it(`holds at most ${WISHLIST_MAX_ITEMS} items`, async () => {
    const store = memoryStore();
    for (let i = 0; i < WISHLIST_MAX_ITEMS; i++) store.items_.set(`x${i}`, { listingId: `x${i}`, addedAt: 'a' });
    await expect(addToWishlist('u', 'a', deps([summary('a')], store))).rejects.toMatchObject({ status: 409 });
  });

  it('lists newest first, with each listing where it stands while its page opens, and without a card once gone', async () => {
    const listings: SavedListing[] = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => summary(id));
    const d = deps(listings);
    for (const l of listings) await addToWishlist('u', l.listingId, d);
    listings[0] = summary('a', 'sold');
    // An auction the close schedule ended unsold shows Ended; a listing its seller ended is gone.
    listings[1] = { ...summary('b', 'ended'), listingType: 'auction', auctionResult: 'no_bids' };
    listings[2] = summary('c', 'ended');
    listings[3] = summary('d', 'deleted');
    listings[4] = summary('e', 'expired');
    const { items, count } = await getWishlist('u', d);
    expect(count).toBe(6);
    expect(items.map((i) => [i.listingId, i.listing?.status ?? null])).toEqual([
      ['f', 'active'],
      ['e', null],
      ['d', null],
      ['c', null],
      ['b', 'ended'],
      ['a', 'sold'],
    ]);
    expect(items[0]!.listing).toMatchObject({ id: 'f', title: 'Item f', category: 'Electronics', condition: 'good' });
  });

  it('removes idempotently', async () => {
    const d = deps([summary('a')]);
    await addToWishlist('u', 'a', d);
    expect(await removeFromWishlist('u', 'a', d)).toEqual({ listingId: 'a', removed: true, count: 0 });
    expect(await removeFromWishlist('u', 'a', d)).toEqual({ listingId: 'a', removed: false, count: 0 });
  });
});
