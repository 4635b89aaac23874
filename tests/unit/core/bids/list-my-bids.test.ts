import { describe, expect, it, vi } from 'vitest';
import {
  listMyBids,
  MY_BIDS_SCAN,
  myBidStanding,
  type BidderAuction,
  type BidListing,
  type MyBidsStore,
  type StandingFacts,
} from '../../../../functions/core/bids/list-my-bids';
import { testClock } from '../../../fixtures/test-clock';
import { END, T0 } from './bid-fixtures';

const ENDS = Date.parse(END);
const running = T0;
const over = ENDS + 60_000;

function facts(over: Partial<StandingFacts> = {}): StandingFacts {
  return {
    status: 'active',
    endsAt: END,
    leaderId: 'A',
    reserve: 'none',
    updatedAt: new Date(T0).toISOString(),
    ...over,
  };
}

describe('myBidStanding (decision 030, spec part 3 My Activity)', () => {
  it.each([
    ['the leader while it runs', facts(), 'A', running, 'pending', 'winning'],
    ['the leader below the reserve while it runs', facts({ reserve: 'not_met' }), 'A', running, 'pending', 'winning'],
    ['anyone else while it runs', facts(), 'B', running, 'pending', 'outbid'],
    ['the leader once the end passed, no reserve', facts(), 'A', over, 'ended', 'won'],
    ['the leader once the end passed, reserve met', facts({ reserve: 'met' }), 'A', over, 'ended', 'won'],
    ['the leader once the end passed, reserve not met', facts({ reserve: 'not_met' }), 'A', over, 'ended', 'lost'],
    ['anyone else once the end passed', facts(), 'B', over, 'ended', 'lost'],
    // Bids are refused from the end's very millisecond: it has ended then.
    ['the leader at the end instant', facts(), 'A', ENDS, 'ended', 'won'],
    ['the leader a millisecond before the end', facts(), 'A', ENDS - 1, 'pending', 'winning'],
    // The close schedule marks it ended at or after its end: the leader still won.
    [
      'the leader of an auction the schedule closed',
      facts({ status: 'ended', updatedAt: END }),
      'A',
      over,
      'ended',
      'won',
    ],
    ['the leader of a sold auction', facts({ status: 'sold', updatedAt: END }), 'A', over, 'ended', 'won'],
    // Withdrawn by the seller before its end: over at once, and nobody wins it, even after the end time.
    ['the leader of an auction its seller ended early', facts({ status: 'ended' }), 'A', running, 'ended', 'lost'],
    ['the same, after the end time', facts({ status: 'ended' }), 'A', over, 'ended', 'lost'],
    ['the leader of a deleted auction', facts({ status: 'deleted' }), 'A', over, 'ended', 'lost'],
    ['someone else on a withdrawn auction', facts({ status: 'ended' }), 'B', running, 'ended', 'lost'],
  ] as const)('%s', (_name, f, bidder, now, status, standing) => {
    expect(myBidStanding(f, bidder, now)).toEqual({ status, standing });
  });
});

const media = (key: string) => `https://media.test/${key}`;

function listing(id: string, over: Partial<BidListing> = {}): BidListing {
  return {
    listingId: id,
    sellerId: 'S',
    sellerUsername: 'sam',
    title: `Auction ${id}`,
    category: 'Electronics',
    condition: 'good',
    listingType: 'auction',
    startingBidCents: 1_000,
    bidCount: 0,
    status: 'active',
    endsAt: END,
    sortPriceCents: 1_000,
    createdAt: new Date(T0 - 86_400_000).toISOString(),
    updatedAt: new Date(T0).toISOString(),
    ...over,
  };
}

/** A store over `entries` (newest first, as the index reads them) and `listings`. */
function storeOf(entries: BidderAuction[], listings: BidListing[]) {
  const store: MyBidsStore = {
    auctions: vi.fn(async (_bidder, after, limit) => {
      const from = after ? entries.findIndex((e) => e.listingId === after.listingId) + 1 : 0;
      const items = entries.slice(from, from + limit);
      const last = items.length === limit ? items.at(-1)! : null;
      return { items, after: last && { lastBidAt: last.lastBidAt, listingId: last.listingId } };
    }),
    listings: vi.fn(async (ids) => listings.filter((l) => ids.includes(l.listingId))),
  };
  return store;
}

const entry = (id: string, i: number, maxCents = 5_000): BidderAuction => ({
  listingId: id,
  maxCents,
  lastBidAt: new Date(T0 - i * 1_000).toISOString(),
});
const deps = (store: MyBidsStore, at = running) => ({ store, mediaUrl: media, clock: testClock(new Date(at)) });

describe('listMyBids', () => {
  it('gives one row per auction with the listing as it is now, the caller’s own maximum and standing', async () => {
    const store = storeOf(
      [entry('L1', 0, 7_500), entry('L2', 1)],
      [
        listing('L1', {
          currentBidCents: 2_001,
          bidCount: 3,
          leaderId: 'ME',
          leaderMaxCents: 7_500,
          reservePriceCents: 9_000,
          images: [{ key: 'p/1.webp', thumbKey: 'p/1.thumb.webp' }],
        }),
        listing('L2', { leaderId: 'OTHER', leaderMaxCents: 9_999, bidCount: 2, currentBidCents: 5_001 }),
      ],
    );
    const page = await listMyBids('ME', { limit: 20 }, deps(store));
    expect(page.nextCursor).toBeNull();
    expect(page.items).toEqual([
      {
        listingId: 'L1',
        title: 'Auction L1',
        image: { key: 'p/1.webp', url: media('p/1.webp'), thumbUrl: media('p/1.thumb.webp') },
        currentBidCents: 2_001,
        bidCount: 3,
        endsAt: END,
        reserveStatus: 'not_met',
        maxCents: 7_500,
        lastBidAt: entry('L1', 0).lastBidAt,
        status: 'pending',
        standing: 'winning',
      },
      expect.objectContaining({ listingId: 'L2', currentBidCents: 5_001, maxCents: 5_000, standing: 'outbid' }),
    ]);
    // Another bidder's maximum never reaches the row.
    expect(JSON.stringify(page)).not.toContain('9999');
  });

  it('pages by the last entry shown, and skips an entry whose listing is gone', async () => {
    const entries = ['L1', 'L2', 'L3', 'L4', 'L5'].map((id, i) => entry(id, i));
    const store = storeOf(
      entries,
      ['L1', 'L2', 'L4', 'L5'].map((id) => listing(id)),
    );
    const first = await listMyBids('ME', { limit: 2 }, deps(store));
    expect(first.items.map((r) => r.listingId)).toEqual(['L1', 'L2']);
    const second = await listMyBids('ME', { limit: 2, cursor: first.nextCursor! }, deps(store));
    // L3 is gone: the page reads on to fill itself.
    expect(second.items.map((r) => r.listingId)).toEqual(['L4', 'L5']);
    const third = await listMyBids('ME', { limit: 2, cursor: second.nextCursor! }, deps(store));
    expect(third).toEqual({ items: [], nextCursor: null });
  });

  it('keeps only the status asked for, reading on until the page is full', async () => {
    const entries = ['L1', 'L2', 'L3', 'L4'].map((id, i) => entry(id, i));
    const ended = { endsAt: new Date(T0 - 1).toISOString() };
    const store = storeOf(entries, [listing('L1', ended), listing('L2'), listing('L3', ended), listing('L4')]);
    const pending = await listMyBids('ME', { limit: 2, status: 'pending' }, deps(store));
    expect(pending.items.map((r) => [r.listingId, r.status])).toEqual([
      ['L2', 'pending'],
      ['L4', 'pending'],
    ]);
    const done = await listMyBids('ME', { limit: 5, status: 'ended' }, deps(store));
    expect(done.items.map((r) => [r.listingId, r.status, r.standing])).toEqual([
      ['L1', 'ended', 'lost'],
      ['L3', 'ended', 'lost'],
    ]);
    expect(done.nextCursor).toBeNull();
  });

  it(`looks at no more than ${MY_BIDS_SCAN} auctions per request, then answers with a cursor`, async () => {
    const entries = Array.from({ length: MY_BIDS_SCAN + 5 }, (_, i) => entry(`E${i}`, i));
    const ended = { endsAt: new Date(T0 - 1).toISOString() };
    const store = storeOf(
      entries,
      entries.map((e, i) => listing(e.listingId, i === MY_BIDS_SCAN + 2 ? {} : ended)),
    );
    const page = await listMyBids('ME', { limit: 10, status: 'pending' }, deps(store));
    expect(page.items).toEqual([]);
    expect(page.nextCursor).not.toBeNull();
    const next = await listMyBids('ME', { limit: 10, status: 'pending', cursor: page.nextCursor! }, deps(store));
    expect(next.items.map((r) => r.listingId)).toEqual([`E${MY_BIDS_SCAN + 2}`]);
  });

  it('shows the starting bid as the current bid before any bid counts', async () => {
    const store = storeOf([entry('L1', 0)], [listing('L1', { startingBidCents: 1_234 })]);
    expect((await listMyBids('ME', { limit: 5 }, deps(store))).items[0]?.currentBidCents).toBe(1_234);
  });

  it('refuses a cursor it did not give out with a 400', async () => {
    const store = storeOf([], []);
    const bad = [
      'x',
      Buffer.from('["not a date","L1"]').toString('base64url'),
      Buffer.from('["2026-01-01T00:00:00Z","L/1"]').toString('base64url'),
      Buffer.from('{"a":1}').toString('base64url'),
    ];
    for (const cursor of bad) {
      await expect(listMyBids('ME', { limit: 5, cursor }, deps(store))).rejects.toMatchObject({ status: 400 });
    }
    expect(store.auctions).not.toHaveBeenCalled();
  });
});
