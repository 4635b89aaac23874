import { describe, expect, it } from 'vitest';
import { testClock } from '../../../fixtures/test-clock';
import type { ListingSummary } from '../../../../functions/core/listings/listing';
import { endListing } from '../../../../functions/core/listings/end-listing';
import { listMyListings } from '../../../../functions/core/listings/list-my-listings';
import type { SellerListingStore } from '../../../../functions/core/listings/ports';

const NOW = new Date('2026-06-01T12:00:00Z');

function summary(id: string, over: Partial<ListingSummary> = {}): ListingSummary {
  return {
    listingId: id,
    sellerId: 'seller',
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

function store(listings: ListingSummary[], endResult = true): SellerListingStore & { ended: string[] } {
  const ended: string[] = [];
  return {
    ended,
    bySeller: async (sellerId) => listings.filter((l) => l.sellerId === sellerId),
    get: async (id) => listings.find((l) => l.listingId === id) ?? null,
    end: async (l) => {
      ended.push(l.listingId);
      return endResult;
    },
  };
}

describe('seller listings', () => {
  it('lists own listings with their status, leaving deleted ones out', async () => {
    const s = store([summary('a'), summary('b', { status: 'ended' }), summary('c', { status: 'deleted' })]);
    const { items } = await listMyListings('seller', { store: s, mediaUrl: (k) => k });
    expect(items.map((i) => [i.id, i.status])).toEqual([
      ['a', 'active'],
      ['b', 'ended'],
    ]);
  });

  it('ends only the seller’s own active listing', async () => {
    const s = store([summary('a'), summary('b', { status: 'sold' })]);
    await expect(endListing('other', 'a', { store: s, clock: testClock(NOW) })).rejects.toMatchObject({ status: 403 });
    await expect(endListing('seller', 'zz', { store: s, clock: testClock(NOW) })).rejects.toMatchObject({
      status: 404,
    });
    await expect(endListing('seller', 'b', { store: s, clock: testClock(NOW) })).rejects.toMatchObject({ status: 409 });
    expect(await endListing('seller', 'a', { store: s, clock: testClock(NOW) })).toEqual({ id: 'a', status: 'ended' });
    expect(s.ended).toEqual(['a']);
  });

  it('reports a listing that stopped being active between the read and the write', async () => {
    await expect(
      endListing('seller', 'a', { store: store([summary('a')], false), clock: testClock(NOW) }),
    ).rejects.toMatchObject({ status: 409 });
  });
});
