import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { serverSocketMessageSchema, type ServerSocketMessage } from '../../shared/events';
import { call } from './auth-support';
import { checkHotAuction, type SentBid } from '../fixtures/hot-auction-invariant';
import { ulid } from 'ulid';
import { bidStore } from '../../functions/adapters/db/bid-store';
import { applyBid } from '../../functions/core/bids/bid-rules';
import { tableService } from './table-support';
import { accepted, auctionBy, bid, bidFromLambdas, historyOf, pageOf, storedAuction, storedBids } from './bid-support';
import { buyerAndSeller } from './checkout-support';
import { endListingsOf, signUp, type Account } from './route-support';

const FROM = '127.0.15.1';
let seller: Account;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  let buyer: Account;
  ({ buyer, seller } = await buyerAndSeller(FROM, 'bd'));
  alice = buyer;
  bob = await signUp('127.0.15.2', 'bdb');
}, 120_000);

afterAll(async () => {
  if (seller) await endListingsOf(seller);
});

async function notificationsOf(a: Account) {
  const r = await call<{ items: { type: string; title: string; relatedId: string | null }[] }>(
    'GET',
    '/api/me/notifications?limit=20',
    { token: a.token, from: a.from },
  );
  return r.body.items;
}

describe('placing a bid', () => {
  it('accepts a first bid at the starting bid, shows it on the page and in the history, never the maximum', async () => {
    const id = await auctionBy(seller, {
      startingBidCents: 1_000,
      reservePriceCents: 5_000,
      buyItNowPriceCents: 9_000,
    });
    const placed = await accepted(alice, id, 3_000);
    expect(placed).toMatchObject({
      listingId: id,
      currentBidCents: 1_000,
      bidCount: 1,
      reserveStatus: 'not_met',
      leading: true,
      bid: { bidderUsername: alice.username, amountCents: 1_000 },
    });
    expect(JSON.stringify(placed)).not.toContain('3000');

    const visitor = await pageOf(id);
    expect(visitor.body).toMatchObject({
      currentBidCents: 1_000,
      bidCount: 1,
      reserveStatus: 'not_met',
      viewerLeads: null,
    });
    expect(visitor.body.buyItNowPriceCents).toBeNull();
    expect(visitor.body).not.toHaveProperty('reservePriceCents');
    expect((await pageOf(id, alice)).body.viewerLeads).toBe(true);
    expect((await pageOf(id, bob)).body.viewerLeads).toBe(false);
    expect((await pageOf(id, seller)).body.reservePriceCents).toBe(5_000);

    const history = await historyOf(id);
    expect(history.status).toBe(200);
    expect(history.body.items).toEqual([
      expect.objectContaining({ bidderUsername: alice.username, amountCents: 1_000 }),
    ]);
    expect(JSON.stringify(history.body)).not.toContain('3000');

    // Reaching the reserve lifts the price to it at once.
    const raised = await accepted(alice, id, 6_000);
    expect(raised).toMatchObject({ currentBidCents: 5_000, bidCount: 2, reserveStatus: 'met', leading: true });
    expect((await pageOf(id)).body.reserveStatus).toBe('met');
  });

  it('resolves proxies: a lower maximum is answered at once, a higher one takes the lead and the loser is told', async () => {
    const id = await auctionBy(seller, { startingBidCents: 1_000 });
    await accepted(alice, id, 2_000);
    const beaten = await accepted(bob, id, 1_500);
    expect(beaten).toMatchObject({ currentBidCents: 1_501, leading: false, bid: { amountCents: 1_500 } });
    const leads = await accepted(bob, id, 2_500);
    expect(leads).toMatchObject({ currentBidCents: 2_001, bidCount: 3, leading: true });
    expect((await pageOf(id, alice)).body.viewerLeads).toBe(false);

    const history = await historyOf(id);
    expect(history.body.items.map((b) => b.amountCents)).toEqual([2_001, 1_500, 1_000]);

    // The outbid bidder gets a 'bid' notification linking to the item (through the events queue).
    const until = Date.now() + 10_000;
    let found;
    while (!(found = (await notificationsOf(alice)).find((n) => n.type === 'bid' && n.relatedId === id))) {
      if (Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(found?.title).toBe("You've been outbid");
  });

  it('refuses with the spec texts: invalid, own item, too low, not above own maximum, balance, after the end', async () => {
    const id = await auctionBy(seller, { startingBidCents: 1_000 });
    for (const amount of [0, -5, 10.5]) {
      const r = await bid(alice, id, amount);
      expect(r.status, String(amount)).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'invalid_amount', message: 'Please enter a valid bid amount' });
    }
    // Past the largest amount anyone may pay (decision 042), the schema's limit says so.
    const huge = await bid(alice, id, 1e20);
    expect(huge.status).toBe(400);
    expect(huge.body.error?.message).toMatch(/Amounts can be at most \$1,000,000\.00/);
    expect((await bid(alice, id, 'ten')).status).toBe(400);
    const own = await bid(seller, id, 2_000);
    expect(own.status).toBe(403);
    expect(own.body.error).toMatchObject({ code: 'own_item', message: 'You cannot bid on your own listing.' });
    const low = await bid(alice, id, 1_000);
    expect(low.status).toBe(409);
    expect(low.body.error).toMatchObject({
      code: 'too_low',
      message: 'Your bid must be higher than the current bid of $10.00',
    });
    await accepted(alice, id, 2_000);
    const same = await bid(alice, id, 2_000);
    expect(same.status).toBe(409);
    expect(same.body.error?.code).toBe('not_above_own_max');
    const rich = await bid(bob, id, 100_000_000);
    expect(rich.status).toBe(409);
    expect(rich.body.error?.code).toBe('insufficient_balance');
    expect(rich.body.error?.message).toMatch(/^You need \$1,000,000\.00 but only have \$[\d,]+\.\d\d available\.$/);
    expect((await bid(bob, 'NOSUCHLISTING', 2_000)).status).toBe(404);
    expect((await historyOf(id)).body.items).toHaveLength(1);

    const ended = await auctionBy(seller, { startingBidCents: 1_000 });
    try {
      expect(
        (await call('PUT', '/_local/clock', { body: { at: new Date(Date.now() + 3 * 86_400_000).toISOString() } }))
          .status,
      ).toBe(200);
      const late = await bid(alice, ended, 2_000);
      expect(late.status).toBe(409);
      expect(late.body.error).toMatchObject({ code: 'auction_ended', message: 'This auction has ended.' });
    } finally {
      expect((await call('DELETE', '/_local/clock')).status).toBe(200);
    }
  });

  it('refuses a signed-out session before anything else, whatever its first read found', async () => {
    const id = await auctionBy(seller, { startingBidCents: 1_000 });
    const other = await signUp('127.0.15.3', 'bdo');
    const key = randomUUID();
    expect((await bid(other, id, 1_500, key)).status).toBe(201);
    expect((await call('DELETE', '/api/auth/session', { token: other.token, from: other.from })).status).toBe(200);
    // The bid's first read (started with the session check) finds the stored answer: still 401, nothing told.
    const retry = await bid(other, id, 1_500, key);
    expect(retry.status).toBe(401);
    expect(JSON.stringify(retry.body)).not.toContain(id);
    expect((await bid(other, id, 2_000)).status).toBe(401);
    expect((await pageOf(id)).body.bidCount).toBe(1);
  });

  it('answers a retry with the same Idempotency-Key with the first answer, and places one bid', async () => {
    const id = await auctionBy(seller, { startingBidCents: 1_000 });
    const key = randomUUID();
    const first = await bid(alice, id, 1_500, key);
    expect(first.status).toBe(201);
    const again = await bid(alice, id, 1_500, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect((await pageOf(id)).body.bidCount).toBe(1);
    expect((await historyOf(id)).body.items).toHaveLength(1);
    expect((await bid(alice, id, 1_500, null as unknown as string)).status).toBe(400);
  });

  it("keeps the latest bid's answer with the bidder's entry; the table refuses that key in a second write", async () => {
    const id = await auctionBy(seller, { startingBidCents: 1_000 });
    const [k1, k2] = [randomUUID(), randomUUID()];
    const first = await bid(bob, id, 1_500, k1);
    const second = await bid(bob, id, 2_500, k2);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect((await bid(bob, id, 2_500, k2)).body).toEqual(second.body);
    // An older request sent again is decided again: below the bidder's own maximum, never a second bid.
    expect((await bid(bob, id, 1_500, k1)).body.error?.code).toBe('not_above_own_max');
    const store = bidStore(tableService());
    const key = { userId: bob.userId, listingId: id, idempotencyKey: k2 };
    expect(await store.answered(key)).toEqual({ amountCents: 2_500, answer: second.body });
    expect(await store.answered({ ...key, idempotencyKey: k1 })).toBeNull();
    // The same request written again on the listing as it is now (a copy from another process): refused by the key.
    const read = (await store.read(id))!;
    const again = applyBid(read.state, { bidderId: bob.userId, maxCents: 9_000, at: new Date(), balanceCents: 1e9 });
    if (!again.accepted) throw new Error('the rules refused the copy');
    const bidLine = {
      listingId: id,
      bidId: ulid(),
      bidderId: bob.userId,
      bidderUsername: bob.username,
      at: new Date().toISOString(),
    };
    const outcome = await store.commit(read, [
      {
        accepted: again,
        bid: { ...bidLine, amountCents: again.historyAmountCents, maxCents: 9_000 },
        request: { ...key, amountCents: 9_000, answer: second.body },
      },
    ]);
    expect(outcome).toEqual({ kind: 'key_used', requests: [0] });
    expect(await storedAuction(id)).toEqual(read.state);
    expect(await storedBids(id)).toHaveLength(2);
  });
});

/** A visitor's socket subscribed to a topic; resolves the first frame that `match` accepts. */
async function watch(topic: string) {
  const ws = new WebSocket(`${inject('baseUrl').replace('http', 'ws')}/ws`);
  const frames: ServerSocketMessage[] = [];
  ws.on('message', (data) => frames.push(serverSocketMessageSchema.parse(JSON.parse(String(data)))));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ action: 'subscribe', topic }));
  const until = async (match: (f: ServerSocketMessage) => boolean, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = frames.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching frame: ${JSON.stringify(frames)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  await until((f) => f.type === 'subscribed');
  return { until, close: () => ws.close() };
}

describe('live bidding', () => {
  it("pushes the new price, count, end, reserve line and history line on the listing's topic, no maximum", async () => {
    const id = await auctionBy(seller, { startingBidCents: 1_000, reservePriceCents: 1_200 });
    const page = await watch(`listing:${id}`);
    try {
      const placed = await accepted(alice, id, 4_321);
      const frame = await page.until((f) => f.type === 'event' && f.event.type === 'bid.placed');
      expect(frame).toMatchObject({
        type: 'event',
        topic: `listing:${id}`,
        event: {
          type: 'bid.placed',
          data: {
            listingId: id,
            currentBidCents: 1_200,
            bidCount: 1,
            endsAt: placed.endsAt,
            reserveStatus: 'met',
            leads: true,
            bid: { id: placed.bid.id, bidderUsername: alice.username, amountCents: 1_200 },
          },
        },
      });
      expect(JSON.stringify(frame)).not.toContain('4321');
      expect(JSON.stringify(frame)).not.toContain(alice.userId);
    } finally {
      page.close();
    }
  });
});

describe('a hot auction', () => {
  it('takes 50 concurrent bidders, retries and bids from other processes among them: every accepted bid stored once, price and leader as the rules say', async () => {
    const bidders = await Promise.all(Array.from({ length: 50 }, (_, i) => signUp(`127.0.15.${10 + i}`, `bdc${i}`)));
    const start = 1_000;
    const id = await auctionBy(seller, {
      startingBidCents: start,
      reservePriceCents: 2_500,
      buyItNowPriceCents: 50_000,
    });
    const initial = await storedAuction(id);
    const sent: SentBid[] = [];
    // Half the bids of each round are placed as by Lambda containers beside the stack (bid-support.ts): their races
    // are settled by the conditional write alone, not by a process's lane.
    const send = async (b: Account, maxCents: number, key: string = randomUUID(), second = false) => {
      const r = second ? await bidFromLambdas(b, id, maxCents, key) : await bid(b, id, maxCents, key);
      sent.push({ bidderId: b.userId, maxCents, idempotencyKey: key, status: r.status, body: r.body });
      return r;
    };
    // Two rounds of 50 at once, maximums shuffled, each taken by two bidders (ties go to the earlier bid); in the
    // second, every fifth bidder also sends its first bid again with its key, as a browser retries.
    const maxOf = (i: number, round: number) => start + 1 + ((i * 7919) % 25) * 37 + round * 900;
    const keys = bidders.map(() => randomUUID());
    await Promise.all(bidders.map((b, i) => send(b, maxOf(i, 0), keys[i], i % 2 === 1)));
    await Promise.all(
      bidders.flatMap((b, i) => [
        send(b, maxOf(i, 1), randomUUID(), i % 2 === 0),
        ...(i % 5 === 0 ? [send(b, maxOf(i, 0), keys[i])] : []),
      ]),
    );

    const final = await storedAuction(id);
    const check = checkHotAuction({ initial, sent, final, stored: await storedBids(id) });
    expect(check.violations).toEqual([]);
    expect(check).toMatchObject({ lost: 0, acceptedTwice: 0, failed: 0, asTheRulesSay: true, retries: 10 });
    expect(check.accepted).toBeGreaterThan(1);

    // What everyone sees agrees with the stored state: the page, the leader's flag, the history, the browse indexes.
    const leader = bidders.find((b) => b.userId === final.leader!.bidderId)!;
    const page = await pageOf(id, leader);
    expect(page.body).toMatchObject({
      currentBidCents: final.currentBidCents,
      bidCount: check.accepted,
      viewerLeads: true,
      reserveStatus: 'met',
    });
    expect(page.body.buyItNowPriceCents).toBeNull();
    const history = (await historyOf(id)).body.items;
    expect(history).toHaveLength(check.accepted);
    const price = final.currentBidCents!;
    // The top line is the leader at the final price, whoever bid first (decision 027).
    expect(history[0]?.amountCents).toBe(price);
    const q = `category=Home%20%26%20Garden&listingType=auction&sort=price-high&minPriceCents=${price}&maxPriceCents=${price}`;
    const browse = await call<{ items: { id: string; currentBidCents: number }[] }>('GET', `/api/listings?${q}`, {
      from: FROM,
    });
    expect(browse.body.items.find((l) => l.id === id)).toMatchObject({ currentBidCents: price });
  }, 180_000);
});
