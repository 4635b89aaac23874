import { describe, expect, it, vi } from 'vitest';
import { closeAuction, closeAuctions } from '../../../../functions/core/auctions/close-auctions';
import type {
  AuctionCloseStore,
  AuctionResult,
  ClosedAuction,
  ClosingAuction,
} from '../../../../functions/core/auctions/ports';
import type { AuctionState } from '../../../../functions/core/bids/auction-state';
import type { OrderRecord } from '../../../../functions/core/orders/order';
import { domainEventSchema, type DomainEvent } from '../../../../shared/events';
import { anAuction, END } from '../bids/bid-fixtures';

const AFTER = new Date(Date.parse(END) + 1_000);
const max = (bidderId: string, maxCents: number) => ({ bidderId, maxCents, at: '2026-07-01T13:00:00.000Z' });

/** One auction in memory; `writes` are what happens between a read and the close (a racing bid, another run). */
function world(state: Partial<AuctionState>, opts: { reserved?: number; writes?: (() => void)[] } = {}) {
  let stored: ClosingAuction = {
    listing: {
      listingId: 'L1',
      sellerId: 'S',
      sellerUsername: 'sam',
      title: 'Lamp',
      category: 'Home & Garden',
      condition: 'good',
      listingType: 'auction',
      status: 'active',
      sortPriceCents: 1_000,
      createdAt: '2026-07-01T12:00:00.000Z',
      version: 1,
      quantity: 1,
      quantitySold: 0,
      quantityReserved: opts.reserved ?? 0,
      shippingType: 'free',
    },
    state: anAuction(state),
  };
  let closed: ClosedAuction | null = null;
  const orders: OrderRecord[] = [];
  const writes = opts.writes ?? [];
  const events: DomainEvent[] = [];
  const store: AuctionCloseStore = {
    due: vi.fn(async () => ({ listingIds: ['L1'], cursor: null })),
    read: vi.fn(async () => structuredClone(stored)),
    async close(read, result: AuctionResult, order, now) {
      writes.shift()?.();
      const s = stored.listing;
      if (
        s.status !== 'active' ||
        s.version !== read.listing.version ||
        Date.parse(stored.state.endsAt) > now.getTime()
      )
        return 'stale';
      stored = { ...stored, listing: { ...s, status: order ? 'sold' : 'ended' } };
      if (order) orders.push(order);
      closed = {
        listingId: 'L1',
        title: 'Lamp',
        sellerId: 'S',
        sellerUsername: 'sam',
        status: order ? 'sold' : 'ended',
        result,
        priceCents: read.state.currentBidCents,
        winnerId: order?.buyerId ?? null,
        orderId: order?.orderId ?? null,
        announced: false,
        relistedAs: null,
      };
      return 'ok';
    },
    closed: async () => closed,
    unannounced: vi.fn(async () => []),
    markAnnounced: vi.fn(async () => {
      if (closed) closed.announced = true;
    }),
  };
  const users = {
    user: async (userId: string) => ({ userId, username: `u-${userId}`, walletAddress: `r${userId}` }),
  };
  const deps = {
    store,
    users,
    bidders: async () => ['W', 'R', 'X'],
    events: { publish: vi.fn(async (e: readonly DomainEvent[]) => void events.push(...e)) },
    newId: () => 'O1',
    log: { warn: vi.fn() },
  };
  /** A bid landing between the close's read and its write: a new version, maybe a moved end. */
  const bidMeanwhile = (endsAt?: string) => () => {
    stored = {
      listing: { ...stored.listing, version: stored.listing.version + 1 },
      state: { ...stored.state, endsAt: endsAt ?? stored.state.endsAt, bidCount: stored.state.bidCount + 1 },
    };
  };
  return { deps, store, orders, events, bidMeanwhile, stored: () => stored };
}

const notices = (events: DomainEvent[]) =>
  events.flatMap((e) => (e.type === 'notify.requested' ? [`${e.data.userId}:${e.data.title}`] : []));

describe('closing an auction', () => {
  it("sells to the leader at the reserve or above: the winner's order, the runner-up kept, everyone told once", async () => {
    const w = world({
      currentBidCents: 2_001,
      bidCount: 3,
      reservePriceCents: 1_500,
      leader: max('W', 3_000),
      runnerUp: max('R', 2_000),
    });
    expect(await closeAuction('L1', AFTER, w.deps)).toBe('sold');
    expect(w.orders).toHaveLength(1);
    expect(w.orders[0]).toMatchObject({
      orderId: 'O1',
      buyerId: 'W',
      status: 'awaiting_payment',
      itemsCents: 2_001,
      escrow: { buyerAddress: 'rW', sellerAddress: 'rS' },
      auction: { round: 'winner', runnerUp: { bidderId: 'R', priceCents: 2_000 } },
    });
    for (const e of w.events) domainEventSchema.parse(e);
    expect(notices(w.events).sort()).toEqual([
      'R:Auction ended',
      'S:Your auction sold',
      'W:You won',
      'X:Auction ended',
    ]);
    expect(w.events.map((e) => e.type)).toContain('auction.ended');
    // A second run finds it closed: nothing written, nobody told again.
    expect(await closeAuction('L1', AFTER, w.deps)).toBe('closed');
    expect(w.orders).toHaveLength(1);
  });

  it('ends unsold with no bids or below the reserve, and tells the seller which', async () => {
    const none = world({});
    expect(await closeAuction('L1', AFTER, none.deps)).toBe('no_bids');
    expect(none.stored().listing.status).toBe('ended');
    expect(none.orders).toEqual([]);
    const below = world({ currentBidCents: 1_000, bidCount: 1, reservePriceCents: 5_000, leader: max('W', 3_000) });
    expect(await closeAuction('L1', AFTER, below.deps)).toBe('reserve_not_met');
    const seller = below.events.find((e) => e.type === 'notify.requested' && e.data.userId === 'S');
    expect(seller?.type === 'notify.requested' && seller.data.message).toContain('without meeting your reserve');
  });

  it('leaves a running auction, and one whose Buy It Now checkout holds the unit, for a later run', async () => {
    expect(await closeAuction('L1', new Date(Date.parse(END) - 1), world({}).deps)).toBe('running');
    expect(await closeAuction('L1', new Date(END), world({}).deps)).toBe('no_bids');
    expect(await closeAuction('L1', AFTER, world({}, { reserved: 1 }).deps)).toBe('held');
  });

  it('loses the race to a last-moment bid that moved the end: reads again and leaves it running', async () => {
    const later = new Date(Date.parse(END) + 120_000).toISOString();
    const w = world({ currentBidCents: 1_000, bidCount: 1, leader: max('W', 3_000) });
    w.deps.store.close = (
      (close) =>
      async (...args: Parameters<AuctionCloseStore['close']>) => {
        w.bidMeanwhile(later)();
        w.deps.store.close = close;
        return close(...args);
      }
    )(w.deps.store.close);
    expect(await closeAuction('L1', AFTER, w.deps)).toBe('running');
    expect(w.stored().listing.status).toBe('active');
    expect(w.orders).toEqual([]);
    expect(w.events).toEqual([]);
  });

  it('after a lost race to a bid that did not move the end, decides again on the new state', async () => {
    const w = world({ currentBidCents: 1_000, bidCount: 1, leader: max('W', 3_000) });
    const close = w.deps.store.close;
    let once = true;
    w.deps.store.close = async (read, ...rest) => {
      if (once) {
        once = false;
        w.bidMeanwhile()();
      }
      return close(read, ...rest);
    };
    expect(await closeAuction('L1', AFTER, w.deps)).toBe('sold');
    expect(w.store.read).toHaveBeenCalledTimes(2);
  });
});

describe('the close schedule', () => {
  it('closes what is due, logs a failure and goes on, then announces earlier closes never announced', async () => {
    const w = world({});
    w.store.due = vi.fn(async () => ({ listingIds: ['BROKEN', 'L1'], cursor: null }));
    const read = w.store.read;
    w.store.read = vi.fn(async (id: string) => {
      if (id === 'BROKEN') throw new Error('table unavailable');
      return read(id);
    });
    w.store.unannounced = vi.fn(async () => ['L1']);
    const run = await closeAuctions(AFTER, w.deps);
    expect(run).toEqual({ sold: 0, unsold: 1, skipped: 0, reannounced: 1, failed: 1 });
    expect(w.deps.log.warn).toHaveBeenCalledWith(
      'closing an auction failed',
      expect.objectContaining({ listingId: 'BROKEN' }),
    );
    // Announced twice (the close, then the sweep): the same events with the same ids, which notify stores once.
    const ids = w.events.filter((e) => e.type === 'notify.requested').map((e) => e.id);
    expect(ids).toHaveLength(8);
    expect(ids.slice(4)).toEqual(ids.slice(0, 4));
  });
});
