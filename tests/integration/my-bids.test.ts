import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyBid } from '../../shared/api/bids';
import { call } from './auth-support';
import { accepted, auctionBy, bid } from './bid-support';
import { buyerAndSeller } from './checkout-support';
import { endListingsOf, signUp, type Account } from './route-support';

const FROM = '127.0.16.1';
let seller: Account;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  ({ buyer: alice, seller } = await buyerAndSeller(FROM, 'mb'));
  bob = await signUp('127.0.16.2', 'mbb');
}, 120_000);

afterAll(async () => {
  if (seller) await endListingsOf(seller);
});

type Page = { items: MyBid[]; nextCursor: string | null; error?: { code: string } };

const myBids = (a: Account | null, query = '') =>
  call<Page>('GET', `/api/me/bids${query}`, a ? { token: a.token, from: a.from } : { from: FROM });

const rowOf = (page: Page, listingId: string) => page.items.find((r) => r.listingId === listingId);

async function moveClock(at: Date) {
  expect((await call('PUT', '/_local/clock', { body: { at: at.toISOString() } })).status).toBe(200);
}

describe('GET /api/me/bids', () => {
  it("lists the caller's auctions once each, latest bid first, with their own maximum and standing", async () => {
    const [won, outbid] = await Promise.all([
      auctionBy(seller, { startingBidCents: 1_000, reservePriceCents: 4_000, endsInMs: 86_400_000 }),
      auctionBy(seller, { startingBidCents: 1_000, endsInMs: 86_400_000 }),
    ]);
    await accepted(alice, won, 2_500);
    await accepted(alice, won, 4_500); // raises her maximum: still one row
    await accepted(alice, outbid, 2_000);
    await accepted(bob, outbid, 3_000);

    const mine = await myBids(alice);
    expect(mine.status).toBe(200);
    expect(mine.body.items.filter((r) => r.listingId === won)).toHaveLength(1);
    // Latest bid first.
    expect(mine.body.items.map((r) => r.listingId).slice(0, 2)).toEqual([outbid, won]);
    expect(rowOf(mine.body, won)).toMatchObject({
      currentBidCents: 4_000,
      bidCount: 2,
      reserveStatus: 'met',
      maxCents: 4_500,
      status: 'pending',
      standing: 'winning',
    });
    expect(rowOf(mine.body, outbid)).toMatchObject({
      currentBidCents: 2_001,
      maxCents: 2_000,
      status: 'pending',
      standing: 'outbid',
    });
    // Bob's maximum is his alone: Alice's rows never carry it, his own row does.
    expect(JSON.stringify(mine.body)).not.toContain('3000');
    const his = await myBids(bob);
    expect(rowOf(his.body, outbid)).toMatchObject({ maxCents: 3_000, standing: 'winning' });
    expect(rowOf(his.body, won)).toBeUndefined();
    // The seller never bid: nothing.
    expect((await myBids(seller)).body.items.filter((r) => r.listingId === won || r.listingId === outbid)).toEqual([]);

    // After the end: 'ended', and won or lost from the listing's leader and reserve.
    try {
      await moveClock(new Date(Date.now() + 2 * 86_400_000));
      const after = await myBids(alice);
      expect(rowOf(after.body, won)).toMatchObject({ status: 'ended', standing: 'won' });
      expect(rowOf(after.body, outbid)).toMatchObject({ status: 'ended', standing: 'lost' });
      expect((await myBids(alice, '?status=pending')).body.items.map((r) => r.listingId)).not.toContain(won);
      expect((await myBids(alice, '?status=ended')).body.items.map((r) => r.listingId)).toEqual(
        expect.arrayContaining([won, outbid]),
      );
    } finally {
      expect((await call('DELETE', '/_local/clock')).status).toBe(200);
    }
  });

  it("shows the cart's running auctions only with status=pending, and an auction its seller ended early as lost", async () => {
    const [running, withdrawn] = await Promise.all([
      auctionBy(seller, { startingBidCents: 500 }),
      auctionBy(seller, { startingBidCents: 500 }),
    ]);
    await accepted(bob, running, 900);
    await accepted(bob, withdrawn, 900);
    const end = await call('POST', `/api/listings/${withdrawn}/end`, {
      token: seller.token,
      from: seller.from,
      body: {},
    });
    expect(end.status).toBe(200);
    const pending = await myBids(bob, '?status=pending');
    expect(rowOf(pending.body, running)).toMatchObject({ status: 'pending', standing: 'winning' });
    expect(rowOf(pending.body, withdrawn)).toBeUndefined();
    expect(rowOf((await myBids(bob)).body, withdrawn)).toMatchObject({ status: 'ended', standing: 'lost' });
  });

  it('keeps each concurrent bidder’s own entry: one row each, their maximum, one leader', async () => {
    const bidders = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => signUp(`127.0.16.${10 + i}`, `mbc${i}`)));
    const id = await auctionBy(seller, { startingBidCents: 1_000 });
    const maxima = [1_300, 1_700, 1_100, 1_900, 1_500, 1_200];
    const replies = await Promise.all(bidders.map((b, i) => bid(b, id, maxima[i]!)));
    const placed = bidders.filter((_, i) => replies[i]!.status === 201);
    expect(placed.length).toBeGreaterThan(0);
    const rows = await Promise.all(bidders.map(async (b) => rowOf((await myBids(b, '?status=pending')).body, id)));
    bidders.forEach((b, i) => {
      if (!placed.includes(b)) return expect(rows[i]).toBeUndefined();
      expect(rows[i]).toMatchObject({ maxCents: maxima[i], status: 'pending' });
    });
    // The highest maximum is never refused, and only its bidder is winning.
    const top = maxima.indexOf(Math.max(...maxima));
    expect(rows.map((r) => r?.standing)).toEqual(
      bidders.map((b, i) => (i === top ? 'winning' : placed.includes(b) ? 'outbid' : undefined)),
    );
  });

  it('pages with a cursor and refuses bad input with a 400, a visitor with a 401', async () => {
    const ids = await Promise.all([1, 2, 3].map(() => auctionBy(seller, { startingBidCents: 100 })));
    for (const id of ids) await accepted(alice, id, 200);
    const first = await myBids(alice, '?limit=2');
    expect(first.body.items).toHaveLength(2);
    expect(first.body.nextCursor).not.toBeNull();
    const second = await myBids(alice, `?limit=2&cursor=${encodeURIComponent(first.body.nextCursor!)}`);
    expect(second.status).toBe(200);
    expect(second.body.items[0]?.listingId).toBe(ids[0]);
    const seen = [...first.body.items, ...second.body.items].map((r) => r.listingId);
    expect(new Set(seen).size).toBe(seen.length);

    for (const q of ['?limit=0', '?limit=51', '?status=won', '?cursor=nope', '?other=1']) {
      const r = await myBids(alice, q);
      expect(r.status, q).toBe(400);
    }
    expect((await myBids(null)).status).toBe(401);
  });
});
