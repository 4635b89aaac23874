import { describe, expect, it } from 'vitest';
import {
  factOfEvent,
  type AnalyticsEvent,
  type FactLookups,
} from '../../../../functions/core/analytics/facts-of-events';
import { getSellerAnalytics } from '../../../../functions/core/analytics/get-seller-analytics';
import { addToSketch, emptySketch } from '../../../../functions/core/analytics/hyperloglog';
import type {
  AnalyticsReadStore,
  DayFigures,
  GetSellerAnalyticsDeps,
} from '../../../../functions/core/analytics/ports';
import {
  recordListingView,
  type RecordListingViewDeps,
} from '../../../../functions/core/analytics/record-listing-view';
import { recountActiveListings } from '../../../../functions/core/analytics/recount-active-listings';
import type { DomainEvent } from '../../../../shared/events';
import { testClock } from '../../../fixtures/test-clock';

const NOW = '2030-01-10T12:00:00.000Z';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

function beacon(salts: Record<string, string> = {}) {
  const sent: DomainEvent[] = [];
  const clock = testClock(NOW);
  const deps: RecordListingViewDeps = {
    sellerOfShownListing: async (id) => (id === 'L1' ? 'S' : null),
    daySalt: async (day) => (salts[day] ??= `salt-${day}`),
    events: { publish: async (events) => void sent.push(...events) },
    newId: () => `id${sent.length}`,
    clock,
  };
  return { deps, sent, clock };
}

describe('recordListingView', () => {
  it("sends a signed-in viewer's view as listing.viewed for the listing's seller", async () => {
    const { deps, sent } = beacon();
    await recordListingView('L1', { userId: 'B', sourceIp: '10.0.0.1', userAgent: CHROME }, deps);
    expect(sent).toEqual([
      {
        id: 'view:id0',
        type: 'listing.viewed',
        occurredAt: NOW,
        data: { listingId: 'L1', sellerId: 'S', viewerKey: 'u:B' },
      },
    ]);
  });

  it("sends nothing for the seller's own view or a robot's, and refuses a listing no page shows", async () => {
    const { deps, sent } = beacon();
    await recordListingView('L1', { userId: 'S', sourceIp: '10.0.0.1', userAgent: CHROME }, deps);
    await recordListingView('L1', { userId: null, sourceIp: '10.0.0.1', userAgent: 'Googlebot/2.1' }, deps);
    await recordListingView('L1', { userId: 'B', sourceIp: '10.0.0.1', userAgent: undefined }, deps);
    expect(sent).toEqual([]);
    await expect(
      recordListingView('L9', { userId: 'B', sourceIp: '10.0.0.1', userAgent: CHROME }, deps),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('keys a visitor by a salted hash of address and browser: the same all day, another the next, never the address', async () => {
    const { deps, sent, clock } = beacon();
    const visit = (ip: string, ua = CHROME) =>
      recordListingView('L1', { userId: null, sourceIp: ip, userAgent: ua }, deps);
    await visit('10.0.0.1');
    await visit('10.0.0.1');
    await visit('10.0.0.2');
    await visit('10.0.0.1', `${CHROME} Edg/120`);
    clock.advance(86_400_000);
    await visit('10.0.0.1');
    const keys = sent.map((e) => (e.type === 'listing.viewed' ? e.data.viewerKey : ''));
    expect(keys[0]).toMatch(/^a:[A-Za-z0-9_-]{22}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(new Set(keys).size).toBe(4);
    expect(keys.join()).not.toContain('10.0.0');
  });
});

describe('factOfEvent', () => {
  const conversation = {
    buyerId: 'B',
    buyerUsername: 'bob',
    sellerId: 'S',
    listingId: 'L1',
    listingTitle: 'Brass Lamp',
  };
  const lookups: FactLookups = {
    conversation: async (id) => (id === 'C1' ? conversation : null),
    order: async (id) =>
      id === 'O1'
        ? {
            orderId: 'O1',
            sellerId: 'S',
            buyerUsername: 'bob',
            lines: [
              {
                listingId: 'L1',
                title: 'Brass Lamp',
                imageKey: null,
                quantity: 1,
                unitPriceCents: 2_000,
                shippingCents: 0,
              },
            ],
            totalCents: 2_599,
            fee: { cents: 50 } as never,
            completedAt: '2030-01-09T08:00:00.000Z',
          }
        : null,
  };
  const base = { occurredAt: NOW };
  const message = (topic: string, senderId: string, unread: boolean, type: 'text' | 'offer' = 'text') =>
    ({
      ...base,
      id: `m:${topic}`,
      type: 'message.created',
      topic,
      data: {
        message: {
          id: 'M1',
          conversationId: 'C1',
          senderId,
          senderUsername: senderId === 'B' ? 'bob' : 'sam',
          type,
          content: 'Still available?',
          createdAt: NOW,
        },
        unread: unread ? { conversation: 1, total: 1 } : null,
      },
    }) as AnalyticsEvent;

  it("counts a text message the buyer sent the seller, from the seller's copy only", async () => {
    expect(await factOfEvent(message('user:S', 'B', true), lookups)).toMatchObject({
      kind: 'message',
      sellerId: 'S',
      key: 'message:M1',
      activity: { kind: 'message', username: 'bob', subject: 'Brass Lamp', listingId: 'L1', amountCents: null },
    });
    expect(await factOfEvent(message('user:B', 'B', false), lookups)).toBeNull();
    // The seller's own message to the buyer, and an offer's message, are not messages received.
    expect(await factOfEvent(message('user:B', 'S', true), lookups)).toBeNull();
    expect(await factOfEvent(message('user:S', 'B', true, 'offer'), lookups)).toBeNull();
  });

  const offer = (topic: string, over: Record<string, unknown> = {}) =>
    ({
      ...base,
      id: `o:${topic}`,
      type: 'offer.updated',
      topic,
      data: {
        offer: {
          id: 'F1',
          conversationId: 'C1',
          listingId: 'L1',
          buyerId: 'B',
          sellerId: 'S',
          senderId: 'B',
          amountCents: 1_500,
          expiresAt: null,
          status: 'pending',
          round: 1,
          counterOf: null,
          buyBy: null,
          orderId: null,
          createdAt: NOW,
          updatedAt: NOW,
          ...over,
        },
      },
    }) as AnalyticsEvent;

  it("counts a pending offer the buyer sent, on the seller's copy; not the seller's counter nor an answer", async () => {
    expect(await factOfEvent(offer('user:S'), lookups)).toMatchObject({
      kind: 'offer',
      key: 'offer:F1',
      amountCents: 1_500,
      activity: { username: 'bob', subject: 'Brass Lamp', amountCents: 1_500 },
    });
    expect(await factOfEvent(offer('user:B'), lookups)).toBeNull();
    expect(await factOfEvent(offer('user:S', { senderId: 'S', round: 2 }), lookups)).toBeNull();
    expect(await factOfEvent(offer('user:S', { status: 'accepted' }), lookups)).toBeNull();
  });

  const order = (topic: string, status: 'completed' | 'shipped') =>
    ({
      ...base,
      id: `order:O1:${status}:${topic}`,
      type: 'order.updated',
      topic,
      data: { orderId: 'O1', status },
    }) as AnalyticsEvent;

  it("counts a sale when its escrow is released, on the seller's copy, at its release with its fee apart", async () => {
    expect(await factOfEvent(order('user:S', 'completed'), lookups)).toMatchObject({
      kind: 'sale',
      key: 'sale:O1',
      at: '2030-01-09T08:00:00.000Z',
      amountCents: 2_599,
      feeCents: 50,
      listings: [{ listingId: 'L1', cents: 2_599 }],
      activity: { kind: 'sale', username: 'bob', subject: 'Brass Lamp', amountCents: 2_599 },
    });
    expect(await factOfEvent(order('user:B', 'completed'), lookups)).toBeNull();
    expect(await factOfEvent(order('user:S', 'shipped'), lookups)).toBeNull();
  });
});

function readStore(days: DayFigures[], over: Partial<AnalyticsReadStore> = {}): AnalyticsReadStore {
  return {
    days: async (_s, from, to) => days.filter((d) => d.day >= from && d.day <= to),
    listingAmounts: async () => ({
      views: new Map([
        ['L1', 7],
        ['L2', 9],
        ['L3', 1],
      ]),
      revenue: new Map([['L1', 2_599]]),
    }),
    activity: async () => [],
    followers: async () => 12,
    activeListings: async () => ({ count: 4, countedAt: NOW }),
    titles: async (ids) =>
      ids.filter((id) => id !== 'L3').map((id) => ({ listingId: id, title: `Title ${id}`, imageKey: `k/${id}` })),
    ...over,
  };
}

const dayFigures = (day: string, views: number, viewers: string[], over: Partial<DayFigures> = {}): DayFigures => ({
  day,
  views,
  messages: 1,
  offers: 0,
  sales: 0,
  revenueCents: 0,
  feeCents: 0,
  viewers: viewers.reduce((s, v) => addToSketch(s, v), emptySketch()),
  ...over,
});

function readDeps(store: AnalyticsReadStore, counted: { n: number } = { n: 0 }) {
  const sent: DomainEvent[] = [];
  const deps: GetSellerAnalyticsDeps = {
    store,
    listings: { count: async () => (counted.n++, 6) },
    events: { publish: async (e) => void sent.push(...e) },
    clock: testClock(NOW),
    mediaUrl: (k) => `https://media/${k}`,
    warn: () => undefined,
  };
  return { deps, sent };
}

describe('getSellerAnalytics', () => {
  it('sums the range, merges the viewers, fills the days without anything and ranks the listings', async () => {
    const store = readStore([
      dayFigures('2030-01-04', 3, ['u:A', 'u:B'], { sales: 1, revenueCents: 2_599, feeCents: 65 }),
      dayFigures('2030-01-10', 5, ['u:B', 'u:C', 'a:x']),
      dayFigures('2030-01-03', 100, ['u:Z']),
    ]);
    const { deps } = readDeps(store);
    const a = await getSellerAnalytics('S', 7, deps);
    expect([a.from, a.to]).toEqual(['2030-01-04', '2030-01-10']);
    expect(a.figures).toEqual({
      views: 8,
      uniqueViewers: 4,
      messages: 2,
      offers: 0,
      sales: 1,
      revenueCents: 2_599,
      feeCents: 65,
      activeListings: 4,
      followers: 12,
    });
    expect(a.daily).toHaveLength(7);
    expect(a.daily[0]).toEqual({ day: '2030-01-04', views: 3, sales: 1, revenueCents: 2_599 });
    expect(a.daily[1]).toEqual({ day: '2030-01-05', views: 0, sales: 0, revenueCents: 0 });
    expect(a.topByViews.map((l) => [l.listingId, l.views, l.title])).toEqual([
      ['L2', 9, 'Title L2'],
      ['L1', 7, 'Title L1'],
      ['L3', 1, null],
    ]);
    expect(a.topByRevenue).toEqual([
      { listingId: 'L1', title: 'Title L1', imageUrl: 'https://media/k/L1', views: 7, revenueCents: 2_599 },
    ]);
  });

  it('asks for a count of the active listings when there is none (counting them itself meanwhile) or it is over a minute old', async () => {
    const counted = { n: 0 };
    const first = readDeps(readStore([], { activeListings: async () => null }), counted);
    expect((await getSellerAnalytics('S', 30, first.deps)).figures.activeListings).toBe(6);
    expect(first.sent).toMatchObject([{ type: 'analytics.listings.stale', data: { sellerId: 'S' } }]);

    const old = readDeps(
      readStore([], { activeListings: async () => ({ count: 3, countedAt: '2030-01-10T11:58:00.000Z' }) }),
      counted,
    );
    expect((await getSellerAnalytics('S', 30, old.deps)).figures.activeListings).toBe(3);
    expect(old.sent).toMatchObject([{ type: 'analytics.listings.stale', data: { sellerId: 'S' } }]);
    expect(counted.n).toBe(1);

    const fresh = readDeps(readStore([]), counted);
    await getSellerAnalytics('S', 90, fresh.deps);
    expect(fresh.sent).toEqual([]);
  });

  it('recounts only a count that is still old', async () => {
    const saved: unknown[] = [];
    const listings = { count: async () => 9, save: async (...a: unknown[]) => void saved.push(a) };
    const clock = testClock(NOW);
    const fresh = { activeListings: async () => ({ count: 4, countedAt: NOW }) };
    expect(await recountActiveListings('S', { store: fresh, listings, clock })).toBe('fresh');
    const old = { activeListings: async () => ({ count: 4, countedAt: '2030-01-10T11:00:00.000Z' }) };
    expect(await recountActiveListings('S', { store: old, listings, clock })).toBe(9);
    expect(saved).toEqual([['S', 9, NOW]]);
  });
});
