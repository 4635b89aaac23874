import { describe, expect, it, vi } from 'vitest';
import { testClock } from '../../../fixtures/test-clock';
import { testSettings } from '../../../fixtures/test-settings';
import { lapseUnpaidOrders } from '../../../../functions/core/auctions/lapse-unpaid-orders';
import { relistAuction, relistedListing, type RelistSource } from '../../../../functions/core/auctions/relist-auction';
import { offerSecondChance } from '../../../../functions/core/auctions/offer-second-chance';
import type { OrderRecord } from '../../../../functions/core/orders/order';
import type { DomainEvent } from '../../../../shared/events';
import { aWonOrder, CLOSED_AT, PAYMENT_DUE } from '../../../fixtures/auction-order';
import { DEFAULT_PROTECTION } from '../../../../functions/core/orders/protection';
import type { PublishedListing } from '../../../../functions/core/follows/new-listing-notices';

const NOW = CLOSED_AT;
const DUE = new Date(PAYMENT_DUE);

const won = (orderId = 'O1', over: Partial<OrderRecord> = {}) => aWonOrder({ orderId, checkoutId: orderId, ...over });
const lapsed = (over: Partial<OrderRecord> = {}) =>
  won('O1', { status: 'cancelled', cancelReason: 'payment_lapsed', ...over });

const users = {
  user: async (userId: string) =>
    userId === 'GONE' ? null : { userId, username: `u-${userId}`, walletAddress: `r${userId}` },
};
const publisher = () => {
  const events: DomainEvent[] = [];
  return { events, publish: vi.fn(async (e: readonly DomainEvent[]) => void events.push(...e)) };
};

describe('the lapse schedule', () => {
  it('lapses orders at the end of their window once, tells the seller and the buyer, and goes on past a failure', async () => {
    const rows = new Map([
      ['O1', won('O1')],
      ['O2', won('O2')],
      ['O3', won('O3', { auction: { ...won().auction!, paymentDueAt: '2026-07-05T12:00:00.000Z' } })],
    ]);
    const events = publisher();
    const log = { warn: vi.fn() };
    const deps = {
      orders: {
        dueIn: vi.fn(async () => [...rows.values()].filter((o) => o.status === 'awaiting_payment')),
      },
      store: {
        lapse: vi.fn(async (o: OrderRecord) => {
          if (o.orderId === 'O2') throw new Error('conflict');
          const row = rows.get(o.orderId)!;
          if (row.status !== 'awaiting_payment') return false;
          row.status = 'cancelled';
          return true;
        }),
      },
      events,
      log,
    };
    expect(await lapseUnpaidOrders(DUE, deps)).toEqual({ lapsed: 1, failed: 1 });
    expect(rows.get('O3')!.status).toBe('awaiting_payment');
    expect(log.warn).toHaveBeenCalledWith('lapsing an order failed', expect.objectContaining({ orderId: 'O2' }));
    const notices = events.events.flatMap((e) => (e.type === 'notify.requested' ? [e.data] : []));
    expect(notices.map((n) => `${n.userId}:${n.title}`)).toEqual(['S:Payment not received', 'W:Payment window closed']);
    expect(notices[0]!.message).toContain('offer it to the next highest bidder at $20.00');
    expect(await lapseUnpaidOrders(DUE, deps)).toEqual({ lapsed: 0, failed: 1 });
    expect(notices).toHaveLength(2);
  });
});

describe('a second chance', () => {
  const deps = (order: OrderRecord, offered = true) => {
    const events = publisher();
    const offer = vi.fn(async () => offered);
    return {
      events,
      offer,
      deps: {
        orders: { get: async (id: string) => (id === order.orderId ? structuredClone(order) : null) },
        store: { offer },
        users,
        events,
        newId: () => 'O2',
        clock: testClock(DUE),
        links: { mediaUrl: (k: string) => k, transactionUrl: (hash: string) => hash, protection: DEFAULT_PROTECTION },
      },
    };
  };

  it("is a new order for the runner-up at their maximum, with its own window and a notice; the seller's only", async () => {
    const w = deps(lapsed());
    await offerSecondChance('S', 'O1', w.deps);
    expect(w.offer).toHaveBeenCalledWith(
      expect.objectContaining({ orderId: 'O1' }),
      expect.objectContaining({
        orderId: 'O2',
        buyerId: 'R',
        status: 'awaiting_payment',
        itemsCents: 2_000,
        escrow: expect.objectContaining({ buyerAddress: 'rR', sellerAddress: 'rS' }),
        auction: expect.objectContaining({
          round: 'second_chance',
          runnerUp: null,
          paymentDueAt: '2026-07-06T12:00:00.000Z',
        }),
      }),
      DUE,
    );
    const notice = w.events.events.find((e) => e.type === 'notify.requested');
    expect(notice?.type === 'notify.requested' && notice.data).toMatchObject({
      userId: 'R',
      title: 'Second chance offer',
      relatedId: 'O2',
    });
    await expect(offerSecondChance('W', 'O1', w.deps)).rejects.toMatchObject({ status: 403 });
    await expect(offerSecondChance('X', 'O1', w.deps)).rejects.toMatchObject({ status: 404 });
  });

  it('is refused before the lapse, once chosen, without a runner-up, or when the runner-up is gone', async () => {
    await expect(offerSecondChance('S', 'O1', deps(won()).deps)).rejects.toMatchObject({ code: 'not_lapsed' });
    await expect(offerSecondChance('S', 'O1', deps(lapsed(), false).deps)).rejects.toMatchObject({
      code: 'already_decided',
    });
    const gone = lapsed();
    gone.auction = { ...gone.auction!, runnerUp: { bidderId: 'GONE', priceCents: 2_000 } };
    await expect(offerSecondChance('S', 'O1', deps(gone).deps)).rejects.toMatchObject({ code: 'no_runner_up' });
  });
});

describe('relisting', () => {
  const old: RelistSource = {
    listingId: 'L1',
    sellerId: 'S',
    sellerUsername: 'sam',
    title: 'Lamp',
    description: 'Brass',
    category: 'Home & Garden',
    condition: 'good',
    listingType: 'auction',
    startingBidCents: 1_000,
    reservePriceCents: 1_500,
    buyItNowPriceCents: 9_000,
    currentBidCents: 1_200,
    bidCount: 3,
    leaderId: 'W',
    leaderMaxCents: 1_300,
    shippingType: 'flat',
    shippingCostCents: 500,
    location: { zipCode: '78701', city: 'Austin', state: 'TX' },
    images: [
      { key: 'listing-photos/S/A1.webp', thumbKey: 'listing-photos/S/A1.thumb.webp' },
      { key: 'listing-photos/S/B1.jpg' },
    ],
    status: 'ended',
    endsAt: '2026-07-01T12:00:00.000Z',
    sortPriceCents: 1_200,
    createdAt: '2026-06-24T12:00:00.000Z',
    auctionResult: 'reserve_not_met',
  };
  const END = '2026-07-09T12:00:00.000Z';

  it('is a fresh auction of the same item: its terms and photos, no bids, the new end', () => {
    const copies = [{ key: 'listing-photos/S/C1.webp' }];
    const fresh = relistedListing(old, 'L2', END, NOW, copies);
    expect(fresh).toMatchObject({
      listingId: 'L2',
      status: 'active',
      title: 'Lamp',
      startingBidCents: 1_000,
      reservePriceCents: 1_500,
      buyItNowPriceCents: 9_000,
      shippingCostCents: 500,
      images: copies,
      endsAt: END,
      bidCount: 0,
      quantitySold: 0,
      sortPriceCents: 1_000,
      createdAt: NOW.toISOString(),
      version: 1,
    });
    for (const secret of ['currentBidCents', 'leaderId', 'leaderMaxCents', 'auctionResult']) {
      expect(fresh).not.toHaveProperty(secret);
    }
  });

  const deps = (source: RelistSource | null, relisted: boolean | Error = true) => {
    let id = 0;
    const copied: [string, string][] = [];
    return {
      store: {
        read: async () => source,
        relist: vi.fn(async () => {
          if (relisted instanceof Error) throw relisted;
          return relisted;
        }),
      },
      orders: { get: async () => null },
      photos: {
        copy: vi.fn(async (from: string, to: string) => {
          if (from.includes('BROKEN')) throw new Error('copy failed');
          copied.push([from, to]);
        }),
        remove: vi.fn(async (_keys: string[]) => undefined),
      },
      thumbnails: { request: vi.fn(async (_listingId: string, _keys: string[]) => undefined) },
      followers: { announce: vi.fn(async (_listing: PublishedListing, _at: Date) => undefined) },
      states: { get: async () => null },
      settings: testSettings(),
      accounts: { profileFlags: async () => ({ isSeller: true, isVerified: false, avatarKey: null }) },
      newId: () => (id++ === 0 ? 'L2' : `P${id - 1}`),
      clock: testClock(NOW),
      copied,
    };
  };

  it('copies the photos and thumbnails under keys of its own, so the two listings share no object', async () => {
    const d = deps(old);
    expect(await relistAuction('S', 'L1', END, d)).toEqual({ id: 'L2' });
    const written = d.store.relist.mock.calls[0] as unknown as [RelistSource, { images: unknown }];
    expect(written[1].images).toEqual([
      { key: 'listing-photos/S/P1.webp', thumbKey: 'listing-photos/S/P1.thumb.webp' },
      { key: 'listing-photos/S/P2.jpg' },
    ]);
    expect(d.copied.sort()).toEqual([
      ['listing-photos/S/A1.thumb.webp', 'listing-photos/S/P1.thumb.webp'],
      ['listing-photos/S/A1.webp', 'listing-photos/S/P1.webp'],
      ['listing-photos/S/B1.jpg', 'listing-photos/S/P2.jpg'],
    ]);
    // The photo the old listing had no thumbnail for gets one; nothing is deleted.
    expect(d.thumbnails.request).toHaveBeenCalledWith('L2', ['listing-photos/S/P2.jpg']);
    expect(d.photos.remove).not.toHaveBeenCalled();
    // On sale again: the seller's followers hear of it as of a new listing (decision 058).
    expect(d.followers.announce).toHaveBeenCalledWith(
      expect.objectContaining({ listingId: 'L2', sellerId: 'S', title: 'Lamp' }),
      NOW,
    );
  });

  it('deletes its copies when the relist is not written, and writes nothing when a copy fails', async () => {
    const copies = ['listing-photos/S/P1.webp', 'listing-photos/S/P1.thumb.webp', 'listing-photos/S/P2.jpg'];
    for (const [outcome, error] of [
      [false, { code: 'already_decided' }],
      [new Error('table down'), { message: 'table down' }],
    ] as const) {
      const d = deps(old, outcome);
      await expect(relistAuction('S', 'L1', END, d)).rejects.toMatchObject(error);
      expect(d.photos.remove.mock.calls.flatMap(([keys]) => keys).sort()).toEqual([...copies].sort());
      expect(d.thumbnails.request).not.toHaveBeenCalled();
      expect(d.followers.announce).not.toHaveBeenCalled();
    }
    const broken = deps({ ...old, images: [...old.images!, { key: 'listing-photos/S/BROKEN.png' }] });
    await expect(relistAuction('S', 'L1', END, broken)).rejects.toThrow('copy failed');
    expect(broken.store.relist).not.toHaveBeenCalled();
    expect(broken.photos.remove.mock.calls.flatMap(([keys]) => keys).sort()).toEqual([...copies].sort());
  });

  it("is the seller's, once, of an auction the schedule ended without a paid sale, ending in the future", async () => {
    expect(await relistAuction('S', 'L1', END, deps(old))).toEqual({ id: 'L2' });
    await expect(relistAuction('X', 'L1', END, deps(old))).rejects.toMatchObject({ status: 403 });
    await expect(relistAuction('S', 'L1', END, deps(null))).rejects.toMatchObject({ status: 404 });
    await expect(relistAuction('S', 'L1', NOW.toISOString(), deps(old))).rejects.toMatchObject({ status: 400 });
    const cases: [Partial<RelistSource>, string][] = [
      [{ relistedAs: 'L0' }, 'already_relisted'],
      [{ status: 'sold' }, 'not_relistable'],
      [{ status: 'active', auctionResult: undefined }, 'not_relistable'],
      [{ listingType: 'fixed' }, 'not_relistable'],
    ];
    for (const [over, code] of cases) {
      await expect(relistAuction('S', 'L1', END, deps({ ...old, ...over })), code).rejects.toMatchObject({ code });
    }
    await expect(relistAuction('S', 'L1', END, deps(old, false))).rejects.toMatchObject({ code: 'already_decided' });
  });

  it('is published anew: with require_kyc on, only by a verified seller (decision 069)', async () => {
    const unverified = { ...deps(old), settings: testSettings({ requireKyc: true }) };
    await expect(relistAuction('S', 'L1', END, unverified)).rejects.toMatchObject({
      status: 403,
      code: 'seller_not_verified',
      message: 'Only verified sellers can publish listings right now.',
    });
    expect(unverified.store.relist).not.toHaveBeenCalled();
    expect(unverified.photos.copy).not.toHaveBeenCalled();
    const verified = {
      ...unverified,
      accounts: { profileFlags: async () => ({ isSeller: true, isVerified: true, avatarKey: null }) },
    };
    expect(await relistAuction('S', 'L1', END, verified)).toEqual({ id: 'L2' });
  });
});
