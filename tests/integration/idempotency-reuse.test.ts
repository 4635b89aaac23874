import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../shared/api/orders';
import { call } from './auth-support';
import { wonAuction } from './auction-support';
import { buyerAndSeller, checkout, listItem, putInCart } from './checkout-support';
import { fundedSale, parcel, payFee } from './order-support';
import type { Account } from './route-support';

/**
 * An Idempotency-Key names one action on one order: used again on another order (same body, as most order actions
 * have an empty one) it is refused with 422, never answered with the first order's reply.
 */
const FROM = '127.0.142.2';
let buyer: Account;
let seller: Account;

type Reply = { status?: string; id?: string; error?: { code: string; message: string } };
const REUSED = {
  code: 'idempotency_key_reused',
  message: 'This Idempotency-Key was already used with a different request; send a new key for a new action',
};

function post(a: Account, path: string, body: unknown, key: string) {
  return call<Reply>('POST', path, { token: a.token, from: a.from, body, idempotencyKey: key });
}

/** The same key on `first` then `second`: the first answers `status`, the second 422 and nothing of the first. */
async function reusedAcross(
  a: Account,
  path: (orderId: string) => string,
  body: unknown,
  first: string,
  second: string,
) {
  const key = randomUUID();
  const once = await post(a, path(first), body, key);
  expect(once.status, JSON.stringify(once.body)).toBeLessThan(300);
  const retry = await post(a, path(first), body, key);
  expect(retry.body).toEqual(once.body);
  const other = await post(a, path(second), body, key);
  expect(other.status, JSON.stringify(other.body)).toBe(422);
  expect(other.body.error).toMatchObject(REUSED);
}

let shipA: Order;
let shipB: Order;

beforeAll(async () => {
  ({ buyer, seller } = await buyerAndSeller(FROM, 'ik'));
  shipA = await fundedSale(seller, buyer, 'ship', 1_000);
  shipB = await fundedSale(seller, buyer, 'ship', 1_100);
}, 180_000);

describe('an Idempotency-Key reused on another order', () => {
  it('escrow signing request: 422', async () => {
    const ids: string[] = [];
    for (const priceCents of [700, 800]) {
      const listingId = await listItem(seller, { priceCents });
      await call('DELETE', '/api/me/cart', { token: buyer.token, from: buyer.from });
      await putInCart(buyer, listingId);
      const made = await checkout(buyer, priceCents);
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      ids.push(made.body.orders[0]!.id);
    }
    await reusedAcross(buyer, (id) => `/api/orders/${id}/escrow-signing`, {}, ids[0]!, ids[1]!);
  });

  it('platform fee request: 422', async () => {
    await reusedAcross(seller, (id) => `/api/orders/${id}/platform-fee`, {}, shipA.id, shipB.id);
  });

  it('ship: 422 (same tracking body)', async () => {
    await payFee(seller, shipA.id);
    const body = { trackingNumber: await parcel('78701', '78701') };
    await reusedAcross(seller, (id) => `/api/orders/${id}/shipment`, body, shipA.id, shipB.id);
  });

  it('pickup decision: 422', async () => {
    const pickup = await fundedSale(seller, buyer, 'pickup', 900);
    await reusedAcross(seller, (id) => `/api/orders/${id}/pickup`, { decision: 'reject' }, pickup.id, shipB.id);
  });

  it('pay auction order: 422', async () => {
    const won = await wonAuction(seller, buyer, 2_000);
    const body = { shipping: null, expectedTotalCents: won.totalCents };
    await reusedAcross(buyer, (id) => `/api/orders/${id}/payment`, body, won.id, shipB.id);
  });
});
