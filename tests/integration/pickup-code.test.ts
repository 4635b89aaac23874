import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './auth-support';
import { after, bidsOn, closeAuctions, orderFor, pay, shortAuction } from './auction-support';
import { buyerAndSeller, checkout, getOrder, listItem, putInCart, signAndFund, waitForOrder } from './checkout-support';
import { decide, fundedSale, payFee } from './order-support';
import { tableService } from './table-support';
import type { Account } from './route-support';

// Local pickups released only with the buyer's one-time code (decision 040), through the HTTP API on the local stack.
const FROM = '127.0.8.90';
let buyer: Account;
let seller: Account;

/** A code that is not `code` (8 digits). */
const other = (code: string) => String((Number(code) + 1) % 100_000_000).padStart(8, '0');

beforeAll(async () => {
  ({ buyer, seller } = await buyerAndSeller(FROM, 'pc'));
}, 120_000);

describe("a pickup's code is the buyer's alone", () => {
  it("is in the buyer's read of the funded order only: not the seller's, not the lists, not the order item", async () => {
    const order = await fundedSale(seller, buyer, 'pickup', 1_100);
    const code = order.pickupCode!;
    expect(code).toMatch(/^[0-9]{8}$/);
    expect((await getOrder(buyer, order.id)).body.pickupCode).toBe(code);

    const sellers = await getOrder(seller, order.id);
    expect(sellers.status).toBe(200);
    expect(sellers.body.pickupCode).toBeUndefined();
    expect(JSON.stringify(sellers.body)).not.toContain(code);
    for (const [who, role] of [
      [buyer, 'buyer'],
      [seller, 'seller'],
    ] as const) {
      const list = await call<{ items: unknown[] }>('GET', `/api/me/orders?role=${role}&limit=50`, {
        token: who.token,
        from: FROM,
      });
      expect(JSON.stringify(list.body)).not.toContain(code);
    }
    // The order item holds only the code's keyed hash; the plain code is in the buyer-only item.
    const { data } = await tableService().entities.order.get({ orderId: order.id }).go();
    expect(JSON.stringify(data)).not.toContain(code);
    expect(data).toMatchObject({ pickupCodeHash: expect.stringMatching(/^[0-9a-f]{64}$/), pickupTries: 0 });
  }, 60_000);

  it('a shipped order and an unpaid pickup have none', async () => {
    const shipped = await fundedSale(seller, buyer, 'ship', 1_150);
    expect(shipped.pickupCode).toBeUndefined();
    const listingId = await listItem(seller, { priceCents: 1_250, quantity: 3, shippingType: 'local' });
    await call('DELETE', '/api/me/cart', { token: buyer.token, from: buyer.from });
    await putInCart(buyer, listingId);
    const made = await checkout(buyer, 1_250);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const unpaid = made.body.orders[0]!;
    expect(unpaid.pickupCode).toBeUndefined();
    expect((await getOrder(buyer, unpaid.id)).body.pickupCode).toBeUndefined();
    // Not funded: nothing to release (409), and no try counted.
    const early = await decide(seller, unpaid.id, 'approve', '12345678');
    expect(early.status).toBe(409);
    expect(early.body.error?.code).toBe('order_not_pending');
    // Not a pickup: the code route is refused for a parcel.
    const parcel = await decide(seller, shipped.id, 'approve', '12345678');
    expect(parcel.status).toBe(409);
    expect(parcel.body.error).toMatchObject({ code: 'wrong_fulfilment', message: 'This order ships by carrier.' });
  }, 60_000);
});

describe('the seller releases a pickup with the code', () => {
  it('refuses the buyer (403), a malformed code (400), and a missing one (400), counting no try', async () => {
    const order = await fundedSale(seller, buyer, 'pickup', 1_300);
    await payFee(seller, order.id);
    const byBuyer = await decide(buyer, order.id, 'approve', order.pickupCode!);
    expect(byBuyer.status).toBe(403);
    const malformed = await decide(seller, order.id, 'approve', '1234');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatchObject({ message: 'The pickup code has 8 digits.' });
    const missing = await call<{ error: { code: string } }>('POST', `/api/orders/${order.id}/pickup`, {
      token: seller.token,
      from: seller.from,
      body: { decision: 'approve' },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(missing.status).toBe(400);
    const { data } = await tableService().entities.order.get({ orderId: order.id }).go();
    expect(data).toMatchObject({ status: 'funded', pickupTries: 0 });
  }, 60_000);

  it('a wrong code is refused; after five, even the right one waits 15 minutes; then it releases', async () => {
    const order = await fundedSale(seller, buyer, 'pickup', 1_400);
    const code = order.pickupCode!;
    await payFee(seller, order.id);
    for (let left = 4; left >= 1; left--) {
      const wrong = await decide(seller, order.id, 'approve', other(code));
      expect(wrong.status).toBe(409);
      expect(wrong.body.error).toMatchObject({
        code: 'pickup_code_wrong',
        message: `This is not the buyer's pickup code. ${left} ${left === 1 ? 'try' : 'tries'} left before a pause.`,
      });
    }
    const fifth = await decide(seller, order.id, 'approve', other(code));
    expect(fifth.status).toBe(429);
    expect(fifth.body.error?.code).toBe('pickup_code_paused');
    const paused = await decide(seller, order.id, 'approve', code);
    expect(paused.status).toBe(429);
    expect((await getOrder(seller, order.id)).body.status).toBe('funded');

    expect(
      (await call('PUT', '/_local/clock', { body: { at: new Date(Date.now() + 16 * 60_000).toISOString() } })).status,
    ).toBe(200);
    try {
      const right = await decide(seller, order.id, 'approve', code.replace(/^(\d{4})/, '$1 '));
      expect(right.status, JSON.stringify(right.body)).toBe(200);
      const done = await waitForOrder(seller, order.id, ['releasing']);
      expect(done).toMatchObject({ status: 'completed', releaseReason: 'pickup_approved' });
    } finally {
      expect((await call('DELETE', '/_local/clock')).status).toBe(200);
    }
    // Released: the buyer's read no longer carries the code.
    expect((await getOrder(buyer, order.id)).body.pickupCode).toBeUndefined();
  }, 90_000);

  it('parallel wrong codes are counted one after another: no more than four are told wrong before the pause', async () => {
    const order = await fundedSale(seller, buyer, 'pickup', 1_450);
    await payFee(seller, order.id);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => decide(seller, order.id, 'approve', other(order.pickupCode!))),
    );
    const codes = answers.map((a) => a.body.error?.code);
    expect(codes.filter((c) => c === 'pickup_code_wrong').length).toBeLessThanOrEqual(4);
    expect(codes.every((c) => ['pickup_code_wrong', 'pickup_code_paused', 'pickup_busy'].includes(c!))).toBe(true);
    expect(codes).toContain('pickup_code_paused');
    const { data } = await tableService().entities.order.get({ orderId: order.id }).go();
    expect(data).toMatchObject({ status: 'funded', pickupTries: 0, pickupPausedUntil: expect.any(String) });
  }, 60_000);
});

describe("an auction's pickup", () => {
  it("gets its code when the winner pays (the auction's payment writes it with the order), and it releases", async () => {
    const { listingId, endsAt } = await shortAuction(seller, { startingBidCents: 1_000, shippingType: 'local' });
    await bidsOn(listingId, [[buyer, 1_600]]);
    await closeAuctions(after(endsAt));
    const won = (await orderFor(buyer, listingId))!;
    expect(won.pickupCode).toBeUndefined();
    const paying = await pay(buyer, won.id, won.totalCents);
    expect(paying.status, JSON.stringify(paying.body)).toBe(200);
    expect(paying.body.pickupCode).toBeUndefined();
    const funded = await signAndFund(buyer, won.id);
    expect(funded.pickupCode).toMatch(/^[0-9]{8}$/);
    expect((await getOrder(seller, won.id)).body.pickupCode).toBeUndefined();
    await payFee(seller, won.id);
    const approved = await decide(seller, won.id, 'approve', funded.pickupCode);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await waitForOrder(seller, won.id, ['releasing'])).toMatchObject({ status: 'completed' });
  }, 90_000);
});
