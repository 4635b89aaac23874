import { randomUUID } from 'node:crypto';
import { expect, inject } from 'vitest';
import type { Order } from '../../shared/api/orders';
import { approve, call } from './auth-support';
import { checkout, listItem, putInCart, signAndFund, getOrder, waitForOrder } from './checkout-support';
import type { Account } from './route-support';

/** A funded order of `seller`'s item (shipped by carrier, or a local pickup) bought by `buyer`, whose profile has an address. */
export async function fundedSale(
  seller: Account,
  buyer: Account,
  fulfilment: 'ship' | 'pickup',
  priceCents = 2_000,
  /** More of the listing's fields (e.g. its weight). */
  listing: Record<string, unknown> = {},
): Promise<Order> {
  const listingId = await listItem(seller, {
    priceCents,
    quantity: 10,
    shippingType: fulfilment === 'pickup' ? 'local' : 'free',
    ...listing,
  });
  await call('DELETE', '/api/me/cart', { token: buyer.token, from: buyer.from });
  await putInCart(buyer, listingId);
  const made = await checkout(buyer, priceCents);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const order = await signAndFund(buyer, made.body.orders[0]!.id);
  expect(order.status).toBe('funded');
  return order;
}

export function requestFee(seller: Account, orderId: string) {
  return call<{ status: string; signUrl?: string; cents?: number; percent?: string; error?: { code: string } }>(
    'POST',
    `/api/orders/${orderId}/platform-fee`,
    { token: seller.token, from: seller.from, body: {}, headers: { 'idempotency-key': randomUUID() } },
  );
}

/** The seller signs the platform fee on the Xaman stand-in; waits until the order says it is paid. */
export async function payFee(seller: Account, orderId: string): Promise<void> {
  const asked = await requestFee(seller, orderId);
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  if (asked.body.status === 'paid') return;
  await approve(asked.body.signUrl!, seller.wallet);
  const until = Date.now() + 20_000;
  for (;;) {
    const order = await getOrder(seller, orderId);
    if (order.body.platformFee?.paid) return;
    if (Date.now() > until) throw new Error('the platform fee was not paid in time');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The seller asks to buy a label of `serviceType` for the order (one Payment of fee plus label). */
export function requestLabel(seller: Account, orderId: string, serviceType: string) {
  return call<{
    status: string;
    signUrl?: string;
    cents?: number;
    labelCents?: number;
    error?: { code: string; message: string };
  }>('POST', `/api/orders/${orderId}/label`, {
    token: seller.token,
    from: seller.from,
    body: { serviceType },
    headers: { 'idempotency-key': randomUUID() },
  });
}

/** The service every label test buys: the stand-in offers it to homes at any distance. */
export const LABEL_SERVICE = 'GROUND_HOME_DELIVERY';

/**
 * The seller buys a label here: asks, signs the one Payment on the Xaman stand-in, and waits until the platform has
 * bought the label and the order is shipped with it.
 */
export async function buyLabel(seller: Account, orderId: string, serviceType = LABEL_SERVICE): Promise<Order> {
  const asked = await requestLabel(seller, orderId, serviceType);
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  if (asked.body.status === 'signing') await approve(asked.body.signUrl!, seller.wallet);
  const until = Date.now() + 30_000;
  for (;;) {
    const order = await getOrder(seller, orderId);
    if (order.body.label?.status === 'bought' && order.body.status === 'shipped') return order.body;
    if (order.body.label?.status === 'failed') throw new Error('the label could not be bought');
    if (Date.now() > until) throw new Error(`the label was not bought in time: ${JSON.stringify(order.body.label)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A parcel at the carrier stand-in from `fromZip` to `toZip`: its tracking number. */
export async function parcel(fromZip: string, toZip: string): Promise<string> {
  const res = await fetch(`${inject('carrierUrl')}/_control/parcels`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fromZip, toZip, weightLb: 2 }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { trackingNumber: string }).trackingNumber;
}

/** Moves a parcel on at the carrier stand-in (picked_up, in_transit, out_for_delivery, delivered, ...). */
export async function moveParcel(trackingNumber: string, status: string): Promise<void> {
  const res = await fetch(`${inject('carrierUrl')}/_control/parcels/${trackingNumber}/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status }),
  });
  expect(res.status, await res.text()).toBeLessThan(300);
}

export function ship(seller: Account, orderId: string, trackingNumber: string) {
  return call<Order & { error?: { code: string; message: string } }>('POST', `/api/orders/${orderId}/shipment`, {
    token: seller.token,
    from: seller.from,
    body: { trackingNumber },
    headers: { 'idempotency-key': randomUUID() },
  });
}

/** The seller's pickup decision: approving takes the buyer's pickup code (decision 040). */
export function decide(seller: Account, orderId: string, decision: 'approve' | 'reject', pickupCode = '') {
  return call<Order & { error?: { code: string; message: string } }>('POST', `/api/orders/${orderId}/pickup`, {
    token: seller.token,
    from: seller.from,
    body: decision === 'approve' ? { decision, pickupCode } : { decision },
    headers: { 'idempotency-key': randomUUID() },
  });
}

/**
 * Lets a delivered order's inspection period pass (decision 052): `settleAt` (the test file's own, as only test files
 * move clocks: tests/integration/stack-halves.ts) runs the settlement schedule with the functions' clock just past the
 * release time. The escrow is released on the ledger's own time, still before CancelAfter. Returns the order after.
 */
export async function afterInspection(
  buyer: Account,
  orderId: string,
  settleAt: (at: string) => Promise<void>,
): Promise<Order> {
  const delivered = (await getOrder(buyer, orderId)).body;
  expect(delivered).toMatchObject({ status: 'delivered', escrowStatus: 'pending' });
  await settleAt(new Date(Date.parse(delivered.releaseDueAt!) + 60_000).toISOString());
  return waitForOrder(buyer, orderId, ['delivered', 'releasing']);
}

/** The seller of a funded local pickup pays the fee and approves it with the buyer's code; waits until it is released. */
export async function releasePickup(seller: Account, order: Order): Promise<Order> {
  await payFee(seller, order.id);
  const approved = await decide(seller, order.id, 'approve', order.pickupCode!);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  const done = await waitForOrder(seller, order.id, ['funded', 'releasing']);
  expect(done).toMatchObject({ status: 'completed', releaseReason: 'pickup_approved' });
  return done;
}

/** A local pickup of `seller`'s item bought by `buyer`, released: a completed order, as reviews need. */
export async function completedPickup(seller: Account, buyer: Account, priceCents = 2_000): Promise<Order> {
  return releasePickup(seller, await fundedSale(seller, buyer, 'pickup', priceCents));
}
