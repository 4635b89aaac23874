import { describe, expect, it } from 'vitest';
import { clearCart } from '../../../../functions/core/cart/clear-cart';
import { getCart } from '../../../../functions/core/cart/get-cart';
import { mergeCart } from '../../../../functions/core/cart/merge-cart';
import type { CartDeps, CartItem } from '../../../../functions/core/cart/ports';
import { removeCartItem } from '../../../../functions/core/cart/remove-cart-item';
import type { SaleListing } from '../../../../functions/core/cart/sale-listing';
import { setCartItem } from '../../../../functions/core/cart/set-cart-item';
import { testClock } from '../../../fixtures/test-clock';

const START = '2030-01-01T00:00:00.000Z';

const listing = (over: Partial<SaleListing> = {}): SaleListing => ({
  listingId: 'L1',
  sellerId: 'S',
  sellerUsername: 'seller',
  title: 'Lamp',
  listingType: 'fixed',
  status: 'active',
  priceCents: 1_000,
  shippingType: 'flat',
  shippingCostCents: 200,
  quantity: 3,
  quantitySold: 0,
  quantityReserved: 0,
  version: 1,
  ...over,
});

/** The cart's ports over memory: one buyer's lines (at most `room`) and a fixed set of listings; no offers. */
function deps(listings: SaleListing[], room = 50) {
  const lines = new Map<string, CartItem>();
  const clock = testClock(START);
  const d: CartDeps = {
    carts: {
      items: async () => [...lines.values()],
      put: async (_userId, listingId, quantity, addedAt, cap) => {
        if (!lines.has(listingId) && lines.size >= Math.min(cap, room)) return 'full';
        lines.set(listingId, { listingId, quantity, addedAt: lines.get(listingId)?.addedAt ?? addedAt });
        return 'ok';
      },
      remove: async (_userId, ids) => ids.forEach((id) => lines.delete(id)),
    },
    listings: { get: async (ids) => listings.filter((l) => ids.includes(l.listingId)) },
    offers: { current: async () => [] },
    mediaUrl: (key) => `https://media/${key}`,
    clock,
  };
  return { d, clock };
}

describe('the cart', () => {
  it('prices each line from its listing at the time the clock reads, and adds the line at that time', async () => {
    const { d } = deps([listing()]);
    const cart = await setCartItem('B', 'L1', 2, d);
    expect(cart).toMatchObject({ count: 2, itemsCents: 2_000, shippingCents: 400, totalCents: 2_400 });
    expect(cart.items[0]).toMatchObject({ status: 'ok', addedAt: START });
  });

  it("refuses one's own listing and more units than are left, with the spec's words", async () => {
    const { d } = deps([listing()]);
    await expect(setCartItem('S', 'L1', 1, d)).rejects.toMatchObject({ code: 'own_listing' });
    await expect(setCartItem('B', 'L1', 4, d)).rejects.toMatchObject({
      code: 'quantity_unavailable',
      message: 'Only 3 units are available.',
    });
  });

  it("shows an auction's buy-it-now line as unavailable once the clock passes its end", async () => {
    const auction = listing({ listingType: 'auction', priceCents: undefined, buyItNowPriceCents: 5_000 });
    const { d, clock } = deps([{ ...auction, endsAt: '2030-01-01T01:00:00.000Z' }]);
    await setCartItem('B', 'L1', 1, d);
    clock.advance(2 * 3_600_000);
    const cart = await getCart('B', d);
    expect(cart.items[0]).toMatchObject({ status: 'unavailable', lineTotalCents: 0 });
    expect(cart.totalCents).toBe(0);
  });

  it('removes one line, or all of them', async () => {
    const { d } = deps([listing(), listing({ listingId: 'L2' })]);
    await setCartItem('B', 'L1', 1, d);
    await setCartItem('B', 'L2', 1, d);
    expect((await removeCartItem('B', 'L1', d)).items.map((l) => l.listingId)).toEqual(['L2']);
    expect((await clearCart('B', d)).items).toEqual([]);
  });

  it('merges a signed-out cart: the larger quantity capped at the stock; own, unknown and no-room lines skipped', async () => {
    const { d } = deps([listing(), listing({ listingId: 'OWN', sellerId: 'B' }), listing({ listingId: 'L3' })], 1);
    await setCartItem('B', 'L1', 1, d);
    const merged = await mergeCart(
      'B',
      [
        { listingId: 'L1', quantity: 9 },
        { listingId: 'OWN', quantity: 1 },
        { listingId: 'GONE', quantity: 1 },
        { listingId: 'L3', quantity: 1 },
      ],
      d,
    );
    expect(merged.moved).toBe(1);
    expect(merged.skipped).toEqual([
      { listingId: 'OWN', reason: 'own_listing' },
      { listingId: 'GONE', reason: 'not_found' },
      { listingId: 'L3', reason: 'cart_full' },
    ]);
    expect(merged.cart.items[0]).toMatchObject({ listingId: 'L1', quantity: 3 });
  });
});
