import { describe, expect, it } from 'vitest';
import { cartCount, isLocalPickup, lineTotalCents, unitShippingCents } from '../../../shared/domain/cart';
import { estimatedRates, isCalifornia, STANDARD_SHIPPING, zipOf } from '../../../shared/domain/shipping';

describe('cart lines (spec part 2 validation rules)', () => {
  it('total (price + shipping) x quantity, shipping only for flat rate', () => {
    expect(lineTotalCents({ unitPriceCents: 1000, shippingCostCents: 250, shippingType: 'flat', quantity: 3 })).toBe(
      3750,
    );
    for (const shippingType of ['free', 'local', 'calculated'] as const) {
      expect(lineTotalCents({ unitPriceCents: 1000, shippingCostCents: 250, shippingType, quantity: 3 })).toBe(3000);
    }
    expect(unitShippingCents({ shippingType: 'flat', shippingCostCents: null })).toBe(0);
  });

  it('counts units for the badge and knows local pickup', () => {
    expect(cartCount([{ quantity: 2 }, { quantity: 5 }])).toBe(7);
    expect(isLocalPickup('local')).toBe(true);
    expect(isLocalPickup('flat')).toBe(false);
  });
});

describe('shipping estimates (spec part 2 business constants)', () => {
  it('adds $0.50 a pound to each service base, cheapest first', () => {
    expect(estimatedRates(4, false).map((r) => [r.id, r.costCents, r.estimatedDays])).toEqual([
      ['FEDEX_GROUND', 1099, '3-5 business days'],
      ['FEDEX_EXPRESS_SAVER', 2699, '3 business days'],
      ['FEDEX_2_DAY', 3699, '2 business days'],
      ['STANDARD_OVERNIGHT', 5699, 'Next business day'],
    ]);
    expect(estimatedRates(2, true)[0]).toMatchObject({ costCents: 999, estimatedDays: '1-3 business days' });
    expect(() => estimatedRates(1.5, false)).toThrow(RangeError);
  });

  it('reads California from the state or the address text', () => {
    expect(isCalifornia({ state: 'ca' })).toBe(true);
    expect(isCalifornia({ text: '1 Main St, Fresno, California' })).toBe(true);
    expect(isCalifornia({ state: 'TX', text: 'Cascade Rd' })).toBe(false);
  });

  it('takes the five-digit ZIP, else 90210; the standard option is $9.99 in 5-7 business days', () => {
    expect(zipOf('78701-1234')).toBe('78701');
    expect(zipOf(' 10001 ')).toBe('10001');
    expect(zipOf('SW1A 1AA')).toBe('90210');
    expect(zipOf(null)).toBe('90210');
    expect(STANDARD_SHIPPING).toMatchObject({ costCents: 999, estimatedDays: '5-7 business days' });
  });
});
