import { describe, expect, it } from 'vitest';
import type { ListingSummary } from '../../../functions/core/listings/listing';
import { getStorePage, type StoreOwner } from '../../../functions/core/listings/store-page';
import { featuredOf } from '../../../functions/core/stores/featured-listings';
import { setFeaturedListings } from '../../../functions/core/stores/set-featured-listings';
import { testClock } from '../../fixtures/test-clock';

function summary(id: string, over: Partial<ListingSummary> = {}): ListingSummary {
  return {
    listingId: id,
    sellerId: 'S1',
    sellerUsername: 'sam',
    title: `Item ${id}`,
    category: 'Electronics',
    condition: 'good',
    listingType: 'fixed',
    priceCents: 1000,
    status: 'active',
    sortPriceCents: 1000,
    createdAt: '2026-01-01T00:00:00Z',
    ...over,
  };
}

const ids = (items: readonly ListingSummary[]) => items.map((l) => l.listingId);
const active = ['L6', 'L5', 'L4', 'L3', 'L2', 'L1'].map((id) => summary(id));

describe('featured items (decision 055)', () => {
  it('are the pins still active, in the order pinned, else the newest four active', () => {
    expect(featuredOf(active, ['L2', 'L5'])).toEqual({ items: [active[4], active[1]], pinned: true });
    // An ended or sold pin is no longer among the active ones: dropped as read.
    expect(ids(featuredOf(active, ['GONE', 'L1']).items)).toEqual(['L1']);
    expect(featuredOf(active, ['GONE'])).toEqual({ items: active.slice(0, 4), pinned: false });
    expect(featuredOf(active, undefined)).toEqual({ items: active.slice(0, 4), pinned: false });
    expect(featuredOf(active.slice(0, 2), [])).toEqual({ items: active.slice(0, 2), pinned: false });
    expect(featuredOf([], ['L1'])).toEqual({ items: [], pinned: false });
  });

  it('show on the store page with its theme; an unknown stored theme reads as the default', async () => {
    const owner: StoreOwner = {
      userId: 'S1',
      username: 'sam',
      createdAt: '2025-01-01T00:00:00Z',
      profile: { storeTheme: 'sunset', featuredListingIds: ['L1', 'L9'] },
    };
    const listings = [summary('L9', { status: 'ended' }), summary('L2'), summary('L1')];
    const port = { ownerByUsername: async () => owner, bySeller: async () => listings };
    const page = await getStorePage('sam', port, (k) => k);
    expect(page).toMatchObject({ theme: 'sunset', featuredPinned: true });
    expect(page.featured.map((c) => c.id)).toEqual(['L1']);
    expect(page.listings.map((c) => c.id)).toEqual(['L2', 'L1']);

    owner.profile = { storeTheme: 'neon' };
    const plain = await getStorePage('sam', port, (k) => k);
    expect(plain).toMatchObject({ theme: 'default', featuredPinned: false });
    expect(plain.featured.map((c) => c.id)).toEqual(['L2', 'L1']);
  });
});

describe('setFeaturedListings', () => {
  const listings = new Map([
    ['L1', summary('L1')],
    ['L2', summary('L2')],
    ['ENDED', summary('ENDED', { status: 'ended', title: 'Old Lamp' })],
    ['SOLD', summary('SOLD', { status: 'sold' })],
    ['DELETED', summary('DELETED', { status: 'deleted' })],
    ['THEIRS', summary('THEIRS', { sellerId: 'S2' })],
  ]);
  function deps() {
    const saved: { sellerId: string; ids: readonly string[]; at: string }[] = [];
    return {
      saved,
      deps: {
        listings: { get: async (id: string) => listings.get(id) ?? null },
        pins: {
          save: async (sellerId: string, ids: readonly string[], at: Date) =>
            void saved.push({ sellerId, ids, at: at.toISOString() }),
        },
        clock: testClock('2026-06-01T12:00:00Z'),
      },
    };
  }

  it("pins the seller's own active listings in the order given, and an empty list clears the pins", async () => {
    const f = deps();
    expect(await setFeaturedListings('S1', ['L2', 'L1'], f.deps)).toEqual({ listingIds: ['L2', 'L1'] });
    expect(await setFeaturedListings('S1', [], f.deps)).toEqual({ listingIds: [] });
    expect(f.saved).toEqual([
      { sellerId: 'S1', ids: ['L2', 'L1'], at: '2026-06-01T12:00:00.000Z' },
      { sellerId: 'S1', ids: [], at: '2026-06-01T12:00:00.000Z' },
    ]);
  });

  it("refuses another seller's listing (403), a missing or deleted one (404) and one not active (400), saving nothing", async () => {
    const f = deps();
    await expect(setFeaturedListings('S1', ['L1', 'THEIRS'], f.deps)).rejects.toMatchObject({
      status: 403,
      message: 'You can only feature your own listings',
    });
    for (const id of ['NOPE', 'DELETED']) {
      await expect(setFeaturedListings('S1', [id], f.deps)).rejects.toMatchObject({
        status: 404,
        message: 'Listing not found',
      });
    }
    await expect(setFeaturedListings('S1', ['ENDED'], f.deps)).rejects.toMatchObject({
      status: 400,
      message: 'Only active listings can be featured',
      fields: { listingIds: 'Old Lamp is not active' },
    });
    await expect(setFeaturedListings('S1', ['SOLD'], f.deps)).rejects.toMatchObject({ status: 400 });
    expect(f.saved).toEqual([]);
  });
});
