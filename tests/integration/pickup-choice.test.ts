import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../../shared/api/cart';
import { call } from './auth-support';
import { buyerAndSeller, listItem, putInCart, signAndFund, type CheckoutReply } from './checkout-support';
import type { Account } from './route-support';

/** Local pickup chosen at checkout for a seller whose listings 'Also Offer Local Pickup' (decision 023). */
const FROM = '127.0.142.4';
let buyer: Account;
let seller: Account;

beforeAll(async () => {
  ({ buyer, seller } = await buyerAndSeller(FROM, 'pc'));
}, 120_000);

function checkout(body: Record<string, unknown>) {
  return call<CheckoutReply>('POST', '/api/checkout', {
    token: buyer.token,
    from: buyer.from,
    body: { shipping: null, ...body },
    headers: { 'idempotency-key': randomUUID() },
  });
}

/** The shipping options with the given seller collected from (none: everything shipped). */
const quoteOf = (pickup?: string) =>
  call<{ quote: unknown }>('GET', `/api/checkout/shipping-options${pickup ? `?pickup=${pickup}` : ''}`, {
    token: buyer.token,
    from: buyer.from,
  });

const emptyCart = () => call('DELETE', '/api/me/cart', { token: buyer.token, from: buyer.from });

describe('local pickup chosen at checkout', () => {
  it('makes one pickup order of the seller’s lines: no shipping charged or quoted, no address, escrowed like any', async () => {
    await emptyCart();
    const lamp = await listItem(seller, {
      priceCents: 2_000,
      shippingType: 'flat',
      shippingCostCents: 700,
      localPickup: true,
    });
    const desk = await listItem(seller, { priceCents: 3_000, shippingType: 'calculated', localPickup: true });
    await putInCart(buyer, lamp);
    await putInCart(buyer, desk);
    const cart = await call<Cart>('GET', '/api/me/cart', { token: buyer.token, from: buyer.from });
    expect(cart.body.items.map((l) => [l.isLocalPickup, l.offersLocalPickup])).toEqual([
      [false, true],
      [false, true],
    ]);

    // Shipped, the desk needs a quote; collected, nothing is quoted.
    expect((await quoteOf()).body.quote).not.toBeNull();
    expect((await quoteOf(seller.userId)).body.quote).toBeNull();
    expect((await checkout({ expectedTotalCents: 5_700 })).body.error?.code).toBe('shipping_required');

    const made = await checkout({ localPickupSellerIds: [seller.userId], expectedTotalCents: 5_000 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.orders).toHaveLength(1);
    expect(made.body.orders[0]).toMatchObject({
      isLocalPickup: true,
      shipTo: null,
      shippingCents: 0,
      totalCents: 5_000,
      lines: [
        { listingId: lamp, shippingCents: 0 },
        { listingId: desk, shippingCents: 0 },
      ],
    });
    const funded = await signAndFund(buyer, made.body.orders[0]!.id);
    expect(funded).toMatchObject({ status: 'funded', isLocalPickup: true, totalCents: 5_000 });
  });

  it('is refused when a line of that seller does not offer pickup, and for a seller with nothing in the cart', async () => {
    await emptyCart();
    const lamp = await listItem(seller, {
      priceCents: 1_000,
      shippingType: 'flat',
      shippingCostCents: 700,
      localPickup: true,
    });
    const rug = await listItem(seller, { priceCents: 1_500, shippingType: 'flat', shippingCostCents: 300 });
    await putInCart(buyer, lamp);
    await putInCart(buyer, rug);
    const refused = await checkout({ localPickupSellerIds: [seller.userId], expectedTotalCents: 2_500 });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('pickup_not_offered');
    const stranger = await checkout({ localPickupSellerIds: [buyer.userId], expectedTotalCents: 3_500 });
    expect(stranger.status).toBe(400);
    expect((await quoteOf(seller.userId)).status).toBe(409);
    // Shipped as listed, the same cart checks out.
    expect((await checkout({ expectedTotalCents: 3_500 })).status).toBe(201);
  });
});
