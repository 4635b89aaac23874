import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_WITHDRAWN } from '../../shared/api/orders';
import { call } from './auth-support';
import { availableOf, buyerAndSeller, checkout, listItem, putInCart } from './checkout-support';
import type { Account } from './route-support';

const FROM = '127.0.142.3';
let buyer: Account;
let seller: Account;

beforeAll(async () => {
  ({ buyer, seller } = await buyerAndSeller(FROM, 'wo'));
}, 120_000);

const withdraw = (a: Account, orderId: string) =>
  call<{ status: string; cancelReason: string | null; error?: { code: string; message: string } }>(
    'DELETE',
    `/api/orders/${orderId}/escrow-signing`,
    { token: a.token, from: a.from },
  );

describe('withdrawing an order before any wallet request', () => {
  it('cancels it as withdrawn, releases its units, and says it was withdrawn when asked again', async () => {
    const lamp = await listItem(seller, { priceCents: 1_500, quantity: 2 });
    await putInCart(buyer, lamp);
    const made = await checkout(buyer, 1_500);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const orderId = made.body.orders[0]!.id;
    expect(await availableOf(lamp)).toBe(1);

    expect((await withdraw(seller, orderId)).status).toBe(404);
    const withdrawn = await withdraw(buyer, orderId);
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(withdrawn.body).toMatchObject({ status: 'cancelled', cancelReason: 'withdrawn' });
    expect(await availableOf(lamp)).toBe(2);

    const again = await withdraw(buyer, orderId);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'order_cancelled', message: ORDER_WITHDRAWN });
  });
});
