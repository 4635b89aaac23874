import { beforeAll, describe, expect, it } from 'vitest';
import { AMOUNT_TOO_LARGE, MAX_AMOUNT_CENTS } from '../../shared/domain/money';
import { ORDER_TOO_LARGE } from '../../functions/core/orders/order-limit';
import { call } from './auth-support';
import { auctionBy, bid } from './bid-support';
import { buyerAndSeller, checkout, listItem, putInCart } from './checkout-support';
import { listingBody, type Account } from './route-support';

const FROM = '127.0.142.1';
let buyer: Account;
let seller: Account;

type Refusal = { error: { code: string; message: string; fields?: Record<string, string> } };

beforeAll(async () => {
  ({ buyer, seller } = await buyerAndSeller(FROM, 'ml'));
}, 120_000);

describe('the money limit (docs/decisions/042-money-limits.md)', () => {
  it('refuses a listing price a cent above the limit with a 400 naming it, and takes one at the limit', async () => {
    const refused = await call<Refusal>('POST', '/api/listings', {
      token: seller.token,
      from: seller.from,
      body: { ...listingBody, shippingType: 'flat', shippingCostCents: MAX_AMOUNT_CENTS + 1, priceCents: 9e15 },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toMatchObject({
      priceCents: AMOUNT_TOO_LARGE,
      shippingCostCents: AMOUNT_TOO_LARGE,
    });
    await listItem(seller, { priceCents: MAX_AMOUNT_CENTS });
  });

  it('refuses a bid above the limit with a 400, not a 500', async () => {
    const auction = await auctionBy(seller);
    const refused = await bid(buyer, auction, MAX_AMOUNT_CENTS + 1);
    expect(refused.status).toBe(400);
    expect(refused.body.error!.message).toContain(AMOUNT_TOO_LARGE);
  });

  it('refuses a checkout whose total would be above the limit with a 400, whatever total the browser sends', async () => {
    const costly = await listItem(seller, { priceCents: MAX_AMOUNT_CENTS, quantity: 3 });
    await putInCart(buyer, costly, 3);
    const agreed = await checkout(buyer, 3 * MAX_AMOUNT_CENTS);
    expect(agreed.status).toBe(400);
    expect(agreed.body.error!.message).toContain(AMOUNT_TOO_LARGE);
    const other = await checkout(buyer, 1);
    expect(other.status).toBe(400);
    expect(other.body.error).toMatchObject({ code: 'order_too_large', message: ORDER_TOO_LARGE });
  });
});
