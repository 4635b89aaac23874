import { beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../../shared/api/cart';
import { call } from './auth-support';
import { endListingsOf, listingBody, sellerProfile, signUp, type Account } from './route-support';

const FROM = '127.0.8.40';
let buyer: Account;
let seller: Account;

type Err = { error: { code: string; message: string } };

async function list(body: Record<string, unknown> = {}): Promise<string> {
  const made = await call<{ id: string }>('POST', '/api/listings', {
    token: seller.token,
    from: FROM,
    body: { ...listingBody, ...body },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.id;
}

const put = (a: Account, listingId: string, quantity: number) =>
  call<Cart & Err>('PUT', `/api/me/cart/items/${listingId}`, { token: a.token, from: FROM, body: { quantity } });
const cart = (a: Account) => call<Cart>('GET', '/api/me/cart', { token: a.token, from: FROM });

beforeAll(async () => {
  [buyer, seller] = await Promise.all([signUp(FROM, 'cartb'), signUp(FROM, 'carts')]);
  expect((await call('PUT', '/api/me/profile', { token: seller.token, from: FROM, body: sellerProfile })).status).toBe(
    200,
  );
}, 90_000);

describe('the server cart', () => {
  it('needs a session', async () => {
    expect((await call('GET', '/api/me/cart', { from: FROM })).status).toBe(401);
  });

  it('prices each line from the listing: (price + flat shipping) x quantity, and counts units for the badge', async () => {
    const lamp = await list({ priceCents: 4_500, quantity: 5, shippingType: 'flat', shippingCostCents: 650 });
    const book = await list({ priceCents: 1_200, shippingType: 'free' });
    expect((await put(buyer, lamp, 2)).status).toBe(200);
    const after = await put(buyer, book, 1);
    expect(after.body.items.map((l) => [l.listingId, l.quantity, l.unitPriceCents, l.lineTotalCents])).toEqual([
      [lamp, 2, 4_500, 2 * (4_500 + 650)],
      [book, 1, 1_200, 1_200],
    ]);
    expect(after.body).toMatchObject({ count: 3, itemsCents: 10_200, shippingCents: 1_300, totalCents: 11_500 });
    expect(after.body.items[0]).toMatchObject({ sellerName: seller.username, status: 'ok', available: 5 });

    // Setting a quantity replaces it (a retry changes nothing); removing takes the line out.
    expect((await put(buyer, lamp, 3)).body.count).toBe(4);
    expect((await put(buyer, lamp, 3)).body.count).toBe(4);
    const removed = await call<Cart>('DELETE', `/api/me/cart/items/${lamp}`, { token: buyer.token, from: FROM });
    expect(removed.body.items.map((l) => l.listingId)).toEqual([book]);
    const cleared = await call<Cart>('DELETE', '/api/me/cart', { token: buyer.token, from: FROM });
    expect(cleared.body).toEqual({ items: [], count: 0, itemsCents: 0, shippingCents: 0, totalCents: 0 });
  });

  it('refuses the seller their own listing, more units than are left, and unknown listings', async () => {
    const vase = await list({ quantity: 2 });
    const own = await put(seller, vase, 1);
    expect(own.status).toBe(403);
    expect(own.body.error).toMatchObject({ code: 'own_listing', message: 'You cannot buy your own listing.' });
    const tooMany = await put(buyer, vase, 3);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error).toMatchObject({ code: 'quantity_unavailable', message: 'Only 2 units are available.' });
    expect((await put(buyer, 'NOSUCHLISTING', 1)).status).toBe(404);
    expect((await cart(buyer)).body.items).toEqual([]);
  });

  it('follows the listing: a new price shows at once, an ended listing stays as unavailable and counts nothing', async () => {
    const clock = await list({ priceCents: 3_000 });
    await put(buyer, clock, 1);
    const edited = await call('PUT', `/api/listings/${clock}`, {
      token: seller.token,
      from: FROM,
      body: { ...listingBody, priceCents: 3_500 },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await cart(buyer)).body).toMatchObject({ totalCents: 3_500 });

    expect(
      (await call('POST', `/api/listings/${clock}/end`, { token: seller.token, from: FROM, body: {} })).status,
    ).toBe(200);
    const now = await cart(buyer);
    expect(now.body.items[0]).toMatchObject({
      listingId: clock,
      status: 'unavailable',
      lineTotalCents: 0,
      available: 0,
    });
    expect(now.body.totalCents).toBe(0);
    const again = await put(buyer, clock, 1);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'unavailable', message: 'This item is no longer available.' });
    await call('DELETE', '/api/me/cart', { token: buyer.token, from: FROM });
  });

  it('holds at most 50 lines', async () => {
    const ids = await Promise.all(Array.from({ length: 51 }, () => list({ title: 'Cart Filler Token' })));
    for (const id of ids.slice(0, 50)) expect((await put(buyer, id, 1)).status).toBe(200);
    const full = await put(buyer, ids[50]!, 1);
    expect(full.status).toBe(409);
    expect(full.body.error).toMatchObject({ code: 'cart_full', message: 'Maximum 50 items allowed in cart.' });
    // A line already in the cart can still change its quantity.
    expect((await put(buyer, ids[0]!, 1)).status).toBe(200);
    await call('DELETE', '/api/me/cart', { token: buyer.token, from: FROM });
    expect((await put(buyer, ids[50]!, 1)).status).toBe(200);
    await call('DELETE', '/api/me/cart', { token: buyer.token, from: FROM });
  }, 60_000);

  it('merges a signed-out cart: larger quantity wins, capped at the stock; own and unknown lines are skipped; twice is once', async () => {
    const cup = await list({ quantity: 4 });
    const plate = await list({ quantity: 10 });
    await put(buyer, plate, 6);
    const body = {
      items: [
        { listingId: cup, quantity: 9 },
        { listingId: plate, quantity: 2 },
        { listingId: 'NOSUCHLISTING', quantity: 1 },
      ],
    };
    const merge = () =>
      call<{ cart: Cart; moved: number; skipped: { listingId: string; reason: string }[] }>(
        'POST',
        '/api/me/cart/merge',
        {
          token: buyer.token,
          from: FROM,
          body,
        },
      );
    const first = await merge();
    expect(first.status).toBe(200);
    expect(first.body.moved).toBe(2);
    expect(first.body.skipped).toEqual([{ listingId: 'NOSUCHLISTING', reason: 'not_found' }]);
    const quantities = (c: Cart) => Object.fromEntries(c.items.map((l) => [l.listingId, l.quantity]));
    expect(quantities(first.body.cart)).toEqual({ [plate]: 6, [cup]: 4 });
    const second = await merge();
    expect(quantities(second.body.cart)).toEqual({ [plate]: 6, [cup]: 4 });

    const own = await call<{ skipped: { reason: string }[] }>('POST', '/api/me/cart/merge', {
      token: seller.token,
      from: FROM,
      body: { items: [{ listingId: cup, quantity: 1 }] },
    });
    expect(own.body.skipped).toEqual([{ listingId: cup, reason: 'own_listing' }]);
    await call('DELETE', '/api/me/cart', { token: buyer.token, from: FROM });
    await endListingsOf(seller);
  });
});
