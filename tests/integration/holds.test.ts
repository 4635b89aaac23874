import { randomUUID } from 'node:crypto';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStore } from '../../functions/adapters/db/order-store';
import { DAILY_HOLD_SECONDS, utcDay } from '../../functions/core/orders/holds';
import { anOrder } from '../fixtures/order-record';
import type { Order } from '../../shared/api/orders';
import { runSchedule } from './auction-support';
import { call } from './auth-support';
import { auctionBy, bid } from './bid-support';
import {
  availableOf,
  buyerAndSeller,
  checkout,
  getOrder,
  listItem,
  putInCart,
  requestSigning,
  signAndFund,
} from './checkout-support';
import type { Account } from './route-support';
import { tableService } from './table-support';

/** No free holds (docs/decisions/041-no-free-holds.md): every refusal, through the API, against the local stack. */
const FROM = '127.0.21.1';
let seller: Account;
let n = 0;

/** A buyer of its own (the limits are per buyer), with a complete profile and a funded wallet. */
const freshBuyer = async () => {
  n++;
  return (await buyerAndSeller(`127.0.21.${10 + n}`, `hold${n}`)).buyer;
};

/** The functions' clock at `at` (it runs on from there). */
async function clockAt(at: Date) {
  expect((await call('PUT', '/_local/clock', { body: { at: at.toISOString() } })).status).toBe(200);
}

/** 01:00 UTC tomorrow: the tests' moves of the clock stay within one UTC day, so the day's budget is one. */
function earlyTomorrow(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 1));
}
const minutes = (at: Date, m: number) => new Date(at.getTime() + m * 60_000);
const hhmm = (iso: string) => `${iso.slice(11, 16)} UTC`;

/** Checks out just this listing (the cart emptied first). */
async function checkoutOnly(buyer: Account, listingId: string, priceCents: number, quantity = 1) {
  await call('DELETE', '/api/me/cart', { token: buyer.token, from: buyer.from });
  await putInCart(buyer, listingId, quantity);
  return checkout(buyer, priceCents * quantity);
}

/** The buyer withdraws the order's wallet request: the order is cancelled unpaid (signing_cancelled). */
async function withdraw(buyer: Account, orderId: string) {
  expect((await requestSigning(buyer, orderId)).status).toBe(201);
  const r = await call<Order>('DELETE', `/api/orders/${orderId}/escrow-signing`, {
    token: buyer.token,
    from: buyer.from,
  });
  expect(r.body).toMatchObject({ status: 'cancelled', cancelReason: 'signing_cancelled' });
  return r.body;
}

/** The lapse schedule runs after the reservation's end: the unsigned order is cancelled (reservation_expired). */
async function lapse(buyer: Account, orderId: string, at: Date) {
  await clockAt(at);
  await runSchedule('release-reservations');
  const order = (await getOrder(buyer, orderId)).body;
  expect(order).toMatchObject({ status: 'cancelled', cancelReason: 'reservation_expired' });
  return order;
}

beforeAll(async () => {
  await call('DELETE', '/_local/clock');
  ({ seller } = await buyerAndSeller(FROM, 'holds'));
}, 120_000);

afterAll(async () => {
  await call('DELETE', '/_local/clock');
});

describe('no free holds', () => {
  it('refuses a 4th unpaid order with a 409 naming the limit; paying for or cancelling one makes room', async () => {
    const buyer = await freshBuyer();
    const listings = await Promise.all([1, 2, 3, 4].map(() => listItem(seller, { priceCents: 1_000, quantity: 3 })));
    const orders: string[] = [];
    for (const id of listings.slice(0, 3)) {
      const made = await checkoutOnly(buyer, id, 1_000);
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      orders.push(made.body.orders[0]!.id);
    }
    const fourth = await checkoutOnly(buyer, listings[3]!, 1_000);
    expect(fourth.status).toBe(409);
    expect(fourth.body.error).toMatchObject({
      code: 'unpaid_orders_limit',
      message:
        'You have 3 unpaid orders waiting for your signature; at most 3 can wait at once. ' +
        'Pay for or cancel one in My Activity before checking out again.',
    });
    expect(await availableOf(listings[3]!)).toBe(3);

    // Paying one makes room; a cancelled one too.
    expect((await signAndFund(buyer, orders[0]!)).status).toBe('funded');
    expect((await checkoutOnly(buyer, listings[3]!, 1_000)).status).toBe(201);
    expect((await checkoutOnly(buyer, listings[0]!, 1_000)).body.error?.code).toBe('unpaid_orders_limit');
    await withdraw(buyer, orders[1]!);
    expect((await checkoutOnly(buyer, listings[0]!, 1_000)).status).toBe(201);
  }, 90_000);

  it('after a cancelled checkout the buyer waits an hour to hold that listing again, told until when', async () => {
    const base = earlyTomorrow();
    await clockAt(base);
    const buyer = await freshBuyer();
    const lamp = await listItem(seller, { priceCents: 1_500, quantity: 5 });
    const made = await checkoutOnly(buyer, lamp, 1_500);
    expect(made.status).toBe(201);
    const cancelled = await withdraw(buyer, made.body.orders[0]!.id);
    const until = new Date(Date.parse(cancelled.cancelledAt!) + 60 * 60_000).toISOString();

    const again = await checkoutOnly(buyer, lamp, 1_500);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'hold_cooldown',
      message:
        'Your last checkout of Route Table Lantern ended unpaid, so it is not held for you again straight away. ' +
        `You can check it out again after ${hhmm(until)}.`,
    });
    expect(await availableOf(lamp)).toBe(5);
    // Other listings, and other buyers of this one, are not held back.
    expect((await checkoutOnly(await freshBuyer(), lamp, 1_500)).status).toBe(201);

    // An hour on, the buyer holds it again, for what the day's 15 minutes have left.
    await clockAt(minutes(new Date(until), 1));
    const later = await checkoutOnly(buyer, lamp, 1_500);
    expect(later.status, JSON.stringify(later.body)).toBe(201);
    const { data: stored } = await tableService().entities.order.get({ orderId: later.body.orders[0]!.id }).go();
    const held = (Date.parse(stored!.reservationExpiresAt) - Date.parse(stored!.createdAt)) / 1000;
    expect(held).toBeLessThan(15 * 60);
    expect(held).toBeGreaterThan(13 * 60);

    // Signed for late, the wallet request ends (with its 2 minutes' grace) before the hold does, never after it.
    const ends = Date.parse(stored!.reservationExpiresAt);
    await clockAt(new Date(ends - 210_000));
    const signing = await requestSigning(buyer, later.body.orders[0]!.id);
    expect(signing.status, JSON.stringify(signing.body)).toBe(201);
    expect(Date.parse(signing.body.expiresAt) + 120_000).toBeLessThanOrEqual(ends);
    const { data: signed } = await tableService().entities.order.get({ orderId: later.body.orders[0]!.id }).go();
    expect(signed!.reservationExpiresAt).toBe(stored!.reservationExpiresAt);
  }, 90_000);

  it('a lapsed checkout gives the stock back, then cools down; after the hour the day’s 15 minutes are spent', async () => {
    const base = earlyTomorrow();
    await clockAt(base);
    const buyer = await freshBuyer();
    const stock = await listItem(seller, { priceCents: 800, quantity: 5 });
    const made = await checkoutOnly(buyer, stock, 800, 5);
    expect(made.status).toBe(201);
    expect(await availableOf(stock)).toBe(0);

    const lapsed = await lapse(buyer, made.body.orders[0]!.id, minutes(base, 16));
    expect(await availableOf(stock)).toBe(5);
    const cooling = await checkoutOnly(buyer, stock, 800, 5);
    expect(cooling.body.error?.code).toBe('hold_cooldown');
    expect(cooling.body.error?.message).toContain(
      `after ${hhmm(new Date(Date.parse(lapsed.cancelledAt!) + 3_600_000).toISOString())}.`,
    );

    await clockAt(minutes(base, 80));
    const spent = await checkoutOnly(buyer, stock, 800, 5);
    expect(spent.status).toBe(409);
    expect(spent.body.error).toMatchObject({
      code: 'hold_budget_spent',
      message:
        'You have already held Route Table Lantern for 15 minutes today without paying. ' +
        'You can check it out again after 00:00 UTC.',
    });
    expect(await availableOf(stock)).toBe(5);
    // Another buyer gets the stock.
    expect((await checkoutOnly(await freshBuyer(), stock, 800, 5)).status).toBe(201);
  }, 90_000);

  it("an auction's Buy It Now: one buyer keeps it from bids for 15 minutes a day at most", async () => {
    const base = earlyTomorrow();
    await clockAt(base);
    const [buyer, bidder] = await Promise.all([freshBuyer(), freshBuyer()]);
    const auction = await auctionBy(seller, { buyItNowPriceCents: 9_000, endsInMs: 4 * 86_400_000 });
    const made = await checkoutOnly(buyer, auction, 9_000);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const blocked = await bid(bidder, auction, 1_500);
    expect(blocked.status).toBe(409);
    expect(blocked.body.error?.message).toBe('This item is being bought with Buy It Now.');

    await lapse(buyer, made.body.orders[0]!.id, minutes(base, 16));
    await clockAt(minutes(base, 80));
    const refused = await checkoutOnly(buyer, auction, 9_000);
    expect(refused.body.error?.code).toBe('hold_budget_spent');
    // Nothing holds it: the bid goes in.
    expect((await bid(bidder, auction, 1_500)).status).toBe(201);
  }, 90_000);

  it('holds under concurrent checkouts of one buyer: one hold of a listing at a time, three unpaid orders at most', async () => {
    await call('DELETE', '/_local/clock');
    const buyer = await freshBuyer();
    const lamp = await listItem(seller, { priceCents: 700, quantity: 10 });
    await putInCart(buyer, lamp);
    // Six checkouts at once (each its own Idempotency-Key): the day's 15 minutes are one hold's.
    const replies = await Promise.all(Array.from({ length: 6 }, () => checkout(buyer, 700, { key: randomUUID() })));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.body.error?.code).toBe('hold_budget_spent');
    }
    expect(await availableOf(lamp)).toBe(9);

    // Five single-listing orders placed at once through the order store: the buyer's count lets three through.
    const listings = await Promise.all([1, 2, 3, 4, 5].map(() => listItem(seller, { priceCents: 700, quantity: 5 })));
    const at = new Date().toISOString();
    const placed = await Promise.all(
      listings.map((listingId) =>
        orderStore(tableService()).place(
          [
            anOrder({
              orderId: ulid(),
              buyerId: buyer.userId,
              sellerId: seller.userId,
              lines: [{ listingId, title: 'Lamp', imageKey: null, quantity: 1, unitPriceCents: 700, shippingCents: 0 }],
              hold: { day: utcDay(new Date(at)), seconds: DAILY_HOLD_SECONDS },
              reservationExpiresAt: new Date(Date.parse(at) + 900_000).toISOString(),
              createdAt: at,
              updatedAt: at,
            }),
          ],
          [{ listingId, quantity: 1, stock: { quantity: 5, sold: 0, maxReserved: 4 } }],
        ),
      ),
    );
    // One order was open already (the checkout above): two more fit.
    expect(placed.filter((p) => p === 'ok')).toHaveLength(2);
    const left = await Promise.all(listings.map((id) => availableOf(id)));
    expect(left.filter((n) => n === 4)).toHaveLength(2);
    expect(left.filter((n) => n === 5)).toHaveLength(3);
  }, 90_000);

  it("the seller sees the buyer's street address only once the escrow is funded; the buyer always", async () => {
    await call('DELETE', '/_local/clock');
    const buyer = await freshBuyer();
    const vase = await listItem(seller, { priceCents: 2_000, quantity: 2 });
    const made = await checkoutOnly(buyer, vase, 2_000);
    const orderId = made.body.orders[0]!.id;
    expect(made.body.orders[0]!.shipTo).toMatchObject({ street: '100 Congress Ave' });
    expect((await getOrder(buyer, orderId)).body.shipTo).toMatchObject({ street: '100 Congress Ave' });

    const sellerView = await getOrder(seller, orderId);
    expect(sellerView.body).toMatchObject({ role: 'seller', status: 'awaiting_signature', shipTo: null });
    expect(JSON.stringify(sellerView.body)).not.toContain('100 Congress Ave');
    const sales = await call<{ items: Order[] }>('GET', '/api/me/orders?role=seller&limit=50', {
      token: seller.token,
      from: FROM,
    });
    const listed = sales.body.items.find((o) => o.id === orderId);
    expect(listed).toMatchObject({ shipTo: null });
    expect(JSON.stringify(listed)).not.toContain('100 Congress Ave');

    expect((await signAndFund(buyer, orderId)).status).toBe('funded');
    expect((await getOrder(seller, orderId)).body.shipTo).toMatchObject({
      fullName: 'Route Table Buyer',
      street: '100 Congress Ave',
      postalCode: '78701',
    });
  }, 60_000);
});
