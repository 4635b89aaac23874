import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call } from './auth-support';
import {
  after,
  awaitingPayment,
  bidsOn,
  closeAuctions,
  noticesAbout,
  orderFor,
  pageStatus,
  searchFinds,
  shortAuction,
} from './auction-support';
import { bid } from './bid-support';
import { buyerAndSeller } from './checkout-support';
import { endListingsOf, signUp, type Account } from './route-support';

/**
 * The close schedule (decision 029) through the local gateway and the local schedule control: an
 * auction ends at its end, leaves browse and search, and its winner gets an order awaiting payment; late bids lose the
 * race cleanly; soft close's moved end is respected; unsold auctions show Ended; every run can be repeated.
 */
const FROM = '127.0.16.1';
let seller: Account;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  ({ buyer: alice, seller } = await buyerAndSeller(FROM, 'ac'));
  bob = await signUp('127.0.16.2', 'acb');
}, 120_000);

afterEach(async () => {
  await call('DELETE', '/_local/clock');
});

afterAll(async () => {
  if (seller) await endListingsOf(seller);
});

const unique = () => `Zephyrlamp${Math.random().toString(36).slice(2, 8)}`;

describe('closing an auction at its end', () => {
  it('sells to the leader: out of browse and search, an order awaiting payment for 48 hours, everyone told', async () => {
    const word = unique();
    const { listingId, endsAt } = await shortAuction(seller, { title: `${word} brass`, category: 'Home & Garden' });
    await bidsOn(listingId, [
      [alice, 3_000],
      [bob, 2_000],
    ]);
    expect(await searchFinds(word, listingId)).toBe(true);

    // Before its end the schedule leaves it running.
    await closeAuctions(new Date(endsAt.getTime() - 1_000));
    expect(await pageStatus(listingId)).toBe('active');

    const closedAt = after(endsAt);
    await closeAuctions(closedAt);
    expect(await pageStatus(listingId)).toBe('sold');
    expect(await searchFinds(word, listingId)).toBe(false);
    const browse = await call<{ items: { id: string }[] }>(
      'GET',
      '/api/listings?category=Home%20%26%20Garden&listingType=auction&sort=ending-soon&limit=50',
    );
    expect(browse.body.items.map((l) => l.id)).not.toContain(listingId);

    const order = await orderFor(alice, listingId);
    expect(order).toMatchObject({
      status: 'awaiting_payment',
      itemsCents: 2_001,
      totalCents: 2_001,
      buyer: { id: alice.userId },
      seller: { id: seller.userId },
      auction: {
        listingId,
        round: 'winner',
        paymentDueAt: new Date(closedAt.getTime() + 48 * 3_600_000).toISOString(),
        sellerOptions: null,
        sellerChoice: null,
      },
      signing: null,
    });
    expect(await orderFor(bob, listingId)).toBeUndefined();

    // A bid after the end is refused with the spec's text.
    const late = await bid(bob, listingId, 5_000);
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: 'auction_ended', message: 'This auction has ended.' });

    const [won] = await noticesAbout(alice, order!.id);
    expect(won).toMatchObject({ type: 'transaction', title: 'You won' });
    expect(won!.message).toContain('$20.01');
    const [lost] = await noticesAbout(bob, listingId);
    expect(lost).toMatchObject({ type: 'bid', title: 'Auction ended' });
    const [sold] = await noticesAbout(seller, order!.id);
    expect(sold).toMatchObject({ type: 'transaction', title: 'Your auction sold' });
    expect(sold!.message).toContain(`sold to ${alice.username} for $20.01`);

    // Running again (or late) changes nothing and tells nobody twice.
    await closeAuctions(closedAt);
    await closeAuctions(after(endsAt, 60_000));
    expect((await awaitingPayment(alice)).filter((o) => o.lines[0]!.listingId === listingId)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await noticesAbout(alice, order!.id, 2, 0)).toHaveLength(1);
    expect(await noticesAbout(bob, listingId, 2, 0)).toHaveLength(1);
  });

  it('ends unsold with no bids, or below the reserve: shown Ended, the seller told why, the bidder told', async () => {
    const none = await shortAuction(seller);
    const below = await shortAuction(seller, { reservePriceCents: 5_000 });
    await bidsOn(below.listingId, [[alice, 3_000]]);
    await closeAuctions(after(below.endsAt));

    for (const id of [none.listingId, below.listingId]) {
      expect(await pageStatus(id)).toBe('ended');
      expect(await orderFor(alice, id)).toBeUndefined();
    }
    const page = await call<{ status: string; currentBidCents: number; bidCount: number }>(
      'GET',
      `/api/listings/${below.listingId}`,
    );
    expect(page.body).toMatchObject({ status: 'ended', bidCount: 1 });
    expect((await call('GET', `/api/listings/${below.listingId}/bids`)).status).toBe(200);

    const [noBids] = await noticesAbout(seller, none.listingId);
    expect(noBids!.message).toContain('ended with no bids');
    const [reserve] = await noticesAbout(seller, below.listingId);
    expect(reserve!.message).toContain('without meeting your reserve price (highest bid $10.00)');
    const [lost] = await noticesAbout(alice, below.listingId);
    expect(lost!.message).toContain('without meeting the reserve price');
  });
});

describe('the close against late bids', () => {
  it('a bid racing the close in the last milliseconds: exactly one of them wins, every time', async () => {
    const outcomes: string[] = [];
    for (const before of [5, 20, 40, 80]) {
      const { listingId, endsAt } = await shortAuction(seller);
      await bidsOn(listingId, [[alice, 1_500]]);
      // The functions' clock a few milliseconds before the end; the close runs at the end itself.
      await call('PUT', '/_local/clock', { body: { at: new Date(endsAt.getTime() - before).toISOString() } });
      const [late] = await Promise.all([bid(bob, listingId, 2_000), closeAuctions(endsAt)]);
      await call('DELETE', '/_local/clock');
      const page = await call<{ status: string; endsAt: string }>('GET', `/api/listings/${listingId}`);
      if (late.status === 201) {
        // The bid won: soft close moved the end two minutes past it, so the close left it running.
        expect(page.body.status).toBe('active');
        expect(Date.parse(page.body.endsAt)).toBeGreaterThan(endsAt.getTime());
        outcomes.push('bid');
      } else {
        expect(late.status).toBe(409);
        expect(late.body.error).toMatchObject({ code: 'auction_ended', message: 'This auction has ended.' });
        expect(page.body.status).toBe('sold');
        expect((await orderFor(alice, listingId))?.itemsCents).toBe(1_000);
        outcomes.push('close');
      }
    }
    expect(outcomes).toHaveLength(4);
  });

  it('respects an end moved by soft close: closed at the new end, not the old one', async () => {
    const { listingId, endsAt } = await shortAuction(seller);
    await bidsOn(listingId, [[alice, 1_500]]);
    await call('PUT', '/_local/clock', { body: { at: new Date(endsAt.getTime() - 60_000).toISOString() } });
    const late = await bid(bob, listingId, 2_000);
    await call('DELETE', '/_local/clock');
    expect(late.status, JSON.stringify(late.body)).toBe(201);
    const movedTo = new Date(late.body.endsAt);
    expect(movedTo.getTime()).toBeGreaterThan(endsAt.getTime());

    await closeAuctions(after(endsAt));
    expect(await pageStatus(listingId)).toBe('active');
    await closeAuctions(after(movedTo));
    expect(await pageStatus(listingId)).toBe('sold');
    expect(await orderFor(bob, listingId)).toMatchObject({ itemsCents: 1_501, auction: { round: 'winner' } });
  });
});
