import { randomUUID } from 'node:crypto';
import { hashes, rippleTimeToUnixTime } from 'xrpl';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call } from './auth-support';
import {
  availableOf,
  buyerAndSeller,
  checkout,
  getOrder,
  listItem,
  putInCart,
  reject,
  requestSigning,
  signAndFund,
  waitForOrder,
  withLedger,
} from './checkout-support';
import type { Account } from './route-support';

const FROM = '127.0.8.60';
let buyer: Account;
let seller: Account;

beforeAll(async () => {
  ({ buyer, seller } = await buyerAndSeller(FROM, 'co'));
}, 120_000);

describe('checkout into an RLUSD escrow', () => {
  it('makes an order, the buyer signs its EscrowCreate, and the escrow on the ledger is exactly what was asked', async () => {
    const lamp = await listItem(seller, { priceCents: 4_500, quantity: 2 });
    await putInCart(buyer, lamp);
    const made = await checkout(buyer, 4_500);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const [order] = made.body.orders;
    expect(order).toMatchObject({
      status: 'awaiting_signature',
      role: 'buyer',
      totalCents: 4_500,
      seller: { id: seller.userId, username: seller.username },
      lines: [{ listingId: lamp, quantity: 1, unitPriceCents: 4_500 }],
    });
    // The unit is reserved for the order as soon as it is made.
    expect(await availableOf(lamp)).toBe(1);

    const funded = await signAndFund(buyer, order!.id);
    expect(funded).toMatchObject({ status: 'funded', escrowStatus: 'pending' });
    expect(funded.escrow.txHash).toMatch(/^[0-9A-F]{64}$/);
    expect(funded.escrow.explorerUrl).toMatch(new RegExp(`/explorer/transactions/${funded.escrow.txHash}$`));
    expect(await availableOf(lamp)).toBe(1);

    const entry = await withLedger(async (client) => {
      const id = hashes.hashEscrow(buyer.wallet, funded.escrow.sequence!);
      const res = await client.request({ command: 'ledger_entry', index: id, ledger_index: 'validated' });
      return res.result.node as unknown as Record<string, unknown>;
    });
    expect(entry).toMatchObject({
      LedgerEntryType: 'Escrow',
      Account: buyer.wallet,
      Destination: seller.wallet,
      Amount: { currency: '524C555344000000000000000000000000000000', issuer: inject('rlusdIssuer'), value: '45' },
    });
    expect(entry.Condition).toMatch(/^A0258020[0-9A-F]{64}810120$/);
    const cancelAfter = rippleTimeToUnixTime(entry.CancelAfter as number);
    expect(cancelAfter).toBe(Date.parse(funded.escrow.cancelAfter));
    // Counted from whichever clock was ahead at checkout, ours or the ledger's (another file may have moved the
    // ledger's close time ahead: it never goes back).
    const ledgerNow = await withLedger(async (client) => {
      const res = await client.request({ command: 'ledger', ledger_index: 'validated' });
      return rippleTimeToUnixTime(res.result.ledger.close_time);
    });
    const from = Math.min(Math.max(Date.parse(funded.createdAt), ledgerNow), cancelAfter);
    const hours = (cancelAfter - from) / 3_600_000;
    expect(hours).toBeGreaterThan(167.9);
    expect(hours).toBeLessThanOrEqual(168);

    // The seller sees the sale; nobody else sees the order at all.
    expect((await getOrder(seller, order!.id)).body).toMatchObject({ role: 'seller', status: 'funded' });
    const { buyer: stranger } = await buyerAndSeller(FROM, 'cox');
    expect((await getOrder(stranger, order!.id)).status).toBe(404);
    const purchases = await call<{ items: { id: string }[] }>('GET', '/api/me/orders?role=buyer', {
      token: buyer.token,
      from: FROM,
    });
    expect(purchases.body.items.map((o) => o.id)).toContain(order!.id);
    const sales = await call<{ items: { id: string }[] }>('GET', '/api/me/orders?role=seller', {
      token: seller.token,
      from: FROM,
    });
    expect(sales.body.items.map((o) => o.id)).toContain(order!.id);
    // The paid line left the cart.
    const cart = await call<{ items: unknown[] }>('GET', '/api/me/cart', { token: buyer.token, from: FROM });
    expect(cart.body.items).toEqual([]);
  }, 60_000);

  it('a retried checkout with the same Idempotency-Key answers the first orders and reserves nothing more', async () => {
    const vase = await listItem(seller, { priceCents: 1_000, quantity: 5 });
    await putInCart(buyer, vase, 2);
    const key = randomUUID();
    const first = await checkout(buyer, 2_000, { key });
    const again = await checkout(buyer, 2_000, { key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.orders.map((o) => o.id)).toEqual(first.body.orders.map((o) => o.id));
    expect(await availableOf(vase)).toBe(3);
    await call('DELETE', '/api/me/cart', { token: buyer.token, from: FROM });
  });

  it('refuses a total the server does not agree with (also after a price change) and an empty cart', async () => {
    const cup = await listItem(seller, { priceCents: 700 });
    await putInCart(buyer, cup);
    const wrong = await checkout(buyer, 600);
    expect(wrong.status).toBe(409);
    expect(wrong.body.error).toMatchObject({ code: 'price_changed' });
    expect(await availableOf(cup)).toBe(1);

    // The price changes between cart and checkout: the old total is refused.
    const edited = await call('PUT', `/api/listings/${cup}`, {
      token: seller.token,
      from: FROM,
      body: {
        title: 'Route Table Lantern',
        description: 'A brass lantern that every route test may touch.',
        category: 'Home & Garden',
        condition: 'good',
        listingType: 'fixed',
        priceCents: 900,
        shippingType: 'free',
        location: { zipCode: '78701', city: 'Austin', state: 'TX' },
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await checkout(buyer, 700)).body.error).toMatchObject({ code: 'price_changed' });
    expect((await checkout(buyer, 900)).status).toBe(201);

    await call('DELETE', '/api/me/cart', { token: buyer.token, from: FROM });
    const empty = await checkout(buyer, 0);
    expect(empty.status).toBe(400);
    expect(empty.body.error?.message).toBe('Please add items to your cart before checking out');
  });

  it('a rejected signature cancels the order and gives its units back; the blob is never submitted', async () => {
    const clock = await listItem(seller, { priceCents: 2_500, quantity: 1 });
    await putInCart(buyer, clock);
    const made = await checkout(buyer, 2_500);
    const orderId = made.body.orders[0]!.id;
    expect(await availableOf(clock)).toBe(0);
    const signing = await requestSigning(buyer, orderId);
    // Asking again while it is open gives the same request.
    expect((await requestSigning(buyer, orderId)).body.uuid).toBe(signing.body.uuid);
    await reject(signing.body.signUrl);
    const order = await waitForOrder(buyer, orderId, ['awaiting_signature']);
    expect(order).toMatchObject({ status: 'cancelled', cancelReason: 'signing_cancelled', escrow: { txHash: null } });
    expect(await availableOf(clock)).toBe(1);
    await call('DELETE', '/api/me/cart', { token: buyer.token, from: FROM });
  }, 30_000);

  it('buying the last unit sells the listing out: it leaves browse and search; the seller is told of the escrow', async () => {
    const title = `Sellout Gramophone ${Date.now().toString(36)}`;
    const gramophone = await listItem(seller, { priceCents: 3_300, quantity: 1, title });
    await putInCart(buyer, gramophone);
    const made = await checkout(buyer, 3_300);
    expect((await signAndFund(buyer, made.body.orders[0]!.id)).status).toBe('funded');
    // Still shown (its buyer follows the purchase there), as sold and with nothing left. The listing closes just after
    // the order reads funded (the sale's units are counted in that write), so it is read until it shows.
    await expect
      .poll(
        async () =>
          (await call<{ status: string; quantityAvailable: number }>('GET', `/api/listings/${gramophone}`)).body,
        {
          timeout: 10_000,
        },
      )
      .toMatchObject({ status: 'sold', quantityAvailable: 0 });
    const found = await call<{ items: { id: string }[] }>('GET', `/api/listings?search=${encodeURIComponent(title)}`);
    expect(found.body.items.map((l) => l.id)).not.toContain(gramophone);
    const summary = await call<{ latest: { type: string; relatedId: string | null }[] }>(
      'GET',
      '/api/me/notifications/summary',
      { token: seller.token, from: FROM },
    );
    expect(summary.body.latest).toContainEqual(
      expect.objectContaining({ type: 'escrow_created', relatedId: made.body.orders[0]!.id }),
    );
  }, 60_000);

  it('refuses a total above the RLUSD balance, naming what is missing', async () => {
    const piano = await listItem(seller, { priceCents: 150_000 });
    await putInCart(buyer, piano);
    const short = await checkout(buyer, 150_000);
    expect(short.status).toBe(409);
    expect(short.body.error?.code).toBe('insufficient_balance');
    expect(short.body.error?.message).toMatch(
      /^Insufficient balance\. You need \$[\d,]+\.\d\d more to complete this purchase\.$/,
    );
    expect(await availableOf(piano)).toBe(1);
    await call('DELETE', '/api/me/cart', { token: buyer.token, from: FROM });
  });

  it('an expired signing request cancels the order and its unit goes back', async () => {
    const kettle = await listItem(seller, { priceCents: 1_800, quantity: 1 });
    await putInCart(buyer, kettle);
    const orderId = (await checkout(buyer, 1_800)).body.orders[0]!.id;
    expect((await requestSigning(buyer, orderId)).status).toBe(201);
    expect(await availableOf(kettle)).toBe(0);
    // Xaman's clock moves past the request's 5 minutes; the next check of the signing queue finds it expired.
    const moved = await fetch(`${inject('xamanUrl')}/_test/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceSeconds: 360 }),
    });
    expect(moved.status).toBe(200);
    const order = await waitForOrder(buyer, orderId, ['awaiting_signature'], 30_000);
    expect(order).toMatchObject({ status: 'cancelled', cancelReason: 'signing_expired' });
    expect(await availableOf(kettle)).toBe(1);
    await call('DELETE', '/api/me/cart', { token: buyer.token, from: FROM });
  }, 45_000);

  it('the buyer withdraws an open signing request: the order is cancelled and its unit goes back', async () => {
    const vase = await listItem(seller, { priceCents: 2_100, quantity: 1 });
    await putInCart(buyer, vase);
    const orderId = (await checkout(buyer, 2_100)).body.orders[0]!.id;
    expect((await requestSigning(buyer, orderId)).status).toBe(201);
    // Only the buyer: to anyone else the order does not exist.
    expect(
      (await call('DELETE', `/api/orders/${orderId}/escrow-signing`, { token: seller.token, from: FROM })).status,
    ).toBe(404);
    const withdrawn = await call<{ status: string; cancelReason: string }>(
      'DELETE',
      `/api/orders/${orderId}/escrow-signing`,
      {
        token: buyer.token,
        from: FROM,
      },
    );
    expect(withdrawn.body).toMatchObject({ status: 'cancelled', cancelReason: 'signing_cancelled' });
    expect(await availableOf(vase)).toBe(1);
    await call('DELETE', '/api/me/cart', { token: buyer.token, from: FROM });
  });

  it("finds the buyer's orders of one listing (the item page's escrow panel)", async () => {
    const purchases = await call<{ items: { id: string; lines: { listingId: string }[] }[] }>(
      'GET',
      '/api/me/orders?role=buyer',
      {
        token: buyer.token,
        from: FROM,
      },
    );
    const listingId = purchases.body.items[0]!.lines[0]!.listingId;
    const mine = await call<{ items: { lines: { listingId: string }[] }[]; nextCursor: string | null }>(
      'GET',
      `/api/me/orders?role=buyer&listingId=${listingId}`,
      { token: buyer.token, from: FROM },
    );
    expect(mine.body.items.length).toBeGreaterThan(0);
    expect(mine.body.items.every((o) => o.lines.some((l) => l.listingId === listingId))).toBe(true);
    expect(mine.body.nextCursor).toBeNull();
  });

  it('pages purchases newest first with the cursor it gave out, and refuses one it did not', async () => {
    const all = await call<{ items: { id: string }[] }>('GET', '/api/me/orders?role=buyer&limit=50', {
      token: buyer.token,
      from: FROM,
    });
    const first = await call<{ items: { id: string }[]; nextCursor: string | null }>(
      'GET',
      '/api/me/orders?role=buyer&limit=2',
      {
        token: buyer.token,
        from: FROM,
      },
    );
    expect(first.body.items.map((o) => o.id)).toEqual(all.body.items.slice(0, 2).map((o) => o.id));
    const next = await call<{ items: { id: string }[] }>(
      'GET',
      `/api/me/orders?role=buyer&limit=2&cursor=${first.body.nextCursor}`,
      { token: buyer.token, from: FROM },
    );
    expect(next.body.items.map((o) => o.id)).toEqual(all.body.items.slice(2, 4).map((o) => o.id));
    expect(
      (await call('GET', '/api/me/orders?cursor=bm90LWEtY3Vyc29y', { token: buyer.token, from: FROM })).status,
    ).toBe(400);
  });

  it('the last unit: twenty buyers check out at once and exactly one order is made', async () => {
    const rare = await listItem(seller, { priceCents: 5_000, quantity: 1 });
    const buyers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => (await buyerAndSeller(`127.0.8.${70 + (i % 5)}`, `race${i}`)).buyer),
    );
    for (const b of buyers) await putInCart(b, rare);
    const replies = await Promise.all(buyers.map((b) => checkout(b, 5_000)));
    const made = replies.filter((r) => r.status === 201);
    expect(made).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.body.error?.code).toMatch(/cart_changed|conflict/);
    }
    expect(await availableOf(rare)).toBe(0);
  }, 180_000);
});
