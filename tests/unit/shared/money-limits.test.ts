import { describe, expect, it } from 'vitest';
import { assertOrderTotalWithinLimit, ORDER_TOO_LARGE } from '../../../functions/core/orders/order-limit';
import { placeBid } from '../../../shared/api/bids';
import { createListingBodySchema, LISTING_QUANTITY_MAX } from '../../../shared/api/listings';
import { makeOffer } from '../../../shared/api/offers';
import { checkout } from '../../../shared/api/orders';
import { CART_MAX_ITEMS } from '../../../shared/domain/cart';
import {
  AMOUNT_TOO_LARGE,
  centsToDecimalString,
  formatUsd,
  ledgerValueToCents,
  MAX_AMOUNT_CENTS,
} from '../../../shared/domain/money';

const location = { zipCode: '78701', city: 'Austin', state: 'TX' };
const fixed = { title: 'Desk', description: 'Oak.', category: 'Home & Garden', condition: 'good', location };
const fixedListing = { ...fixed, listingType: 'fixed', priceCents: 1000 };
const auction = { ...fixed, listingType: 'auction', startingBidCents: 100, endsAt: '2030-01-01T00:00:00Z' };

/** The messages a schema answers for a body, by field. */
function issues(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: unknown[] } } }, v: unknown) {
  const result = schema.safeParse(v);
  return result.success ? [] : (result.error!.issues as { path: PropertyKey[]; message: string }[]);
}

describe('the money limit', () => {
  it('is 1,000,000.00 RLUSD, and the ledger conversion round-trips it', () => {
    expect(formatUsd(MAX_AMOUNT_CENTS)).toBe('$1,000,000.00');
    expect(ledgerValueToCents(centsToDecimalString(MAX_AMOUNT_CENTS), 'exact')).toBe(MAX_AMOUNT_CENTS);
  });

  it('keeps the largest possible cart exact: every line at the limit, at full quantity, with shipping', () => {
    const worst = CART_MAX_ITEMS * LISTING_QUANTITY_MAX * (MAX_AMOUNT_CENTS + MAX_AMOUNT_CENTS);
    expect(Number.isSafeInteger(worst)).toBe(true);
    expect(ledgerValueToCents(centsToDecimalString(worst), 'exact')).toBe(worst);
  });

  it.each([
    ['priceCents', { ...fixedListing }],
    ['minOfferCents', { ...fixedListing, priceCents: MAX_AMOUNT_CENTS, acceptOffers: true }],
    ['startingBidCents', { ...auction }],
    ['buyItNowPriceCents', { ...auction }],
    ['reservePriceCents', { ...auction }],
    ['shippingCostCents', { ...fixedListing, shippingType: 'flat' }],
  ])('listing %s: the limit passes, a cent more is refused with the message', (field, body) => {
    expect(issues(createListingBodySchema, { ...body, [field]: MAX_AMOUNT_CENTS })).toEqual([]);
    expect(issues(createListingBodySchema, { ...body, [field]: MAX_AMOUNT_CENTS + 1 })).toContainEqual(
      expect.objectContaining({ path: [field], message: AMOUNT_TOO_LARGE }),
    );
  });

  it.each([
    ['a bid', placeBid.body, {}],
    ['an offer', makeOffer.body, { expires: true }],
    ['a checkout total', checkout.body, { shipping: null }],
  ])('%s: the limit passes, a cent more is refused with the message', (_, schema, rest) => {
    const field = schema === checkout.body ? 'expectedTotalCents' : 'amountCents';
    expect(issues(schema, { ...rest, [field]: MAX_AMOUNT_CENTS })).toEqual([]);
    expect(issues(schema, { ...rest, [field]: MAX_AMOUNT_CENTS + 1 })).toEqual([
      expect.objectContaining({ path: [field], message: AMOUNT_TOO_LARGE }),
    ]);
    expect(issues(schema, { ...rest, [field]: 1e300 })).toContainEqual(
      expect.objectContaining({ message: AMOUNT_TOO_LARGE }),
    );
  });

  it('refuses an order total beyond the limit (even beyond a safe integer) with a 400, not an exception to a 500', () => {
    expect(() => assertOrderTotalWithinLimit(MAX_AMOUNT_CENTS)).not.toThrow();
    for (const total of [MAX_AMOUNT_CENTS + 1, Number.MAX_SAFE_INTEGER * 4, Number.NaN]) {
      expect(() => assertOrderTotalWithinLimit(total)).toThrow(
        expect.objectContaining({ status: 400, code: 'order_too_large', message: ORDER_TOO_LARGE }),
      );
    }
  });
});
