import { describe, expect, it } from 'vitest';
import { fedexAmountToCents } from '../../../functions/adapters/carrier/fedex-money';

describe('fedexAmountToCents', () => {
  it('turns the amounts FedEx writes into exact cents', () => {
    expect(fedexAmountToCents(13.05)).toBe(1305);
    // Doubles that multiply badly (0.29 * 100 = 28.999999999999996; 1.005 * 100 = 100.49999999999999).
    expect(fedexAmountToCents(0.29)).toBe(29);
    expect(fedexAmountToCents(1.005)).toBe(101);
    expect(fedexAmountToCents(4.35)).toBe(435);
    expect(fedexAmountToCents(0)).toBe(0);
    expect(fedexAmountToCents(11.2)).toBe(1120);
    expect(fedexAmountToCents('10')).toBe(1000);
    expect(fedexAmountToCents(' 7.5 ')).toBe(750);
    expect(fedexAmountToCents(123456.78)).toBe(12345678);
  });

  it('rounds half a cent up and anything less down', () => {
    expect(fedexAmountToCents('12.345')).toBe(1235);
    expect(fedexAmountToCents('12.3449')).toBe(1234);
    expect(fedexAmountToCents(1e-7)).toBe(0);
    expect(fedexAmountToCents('1.5e2')).toBe(15000);
  });

  it('refuses negatives, non-numbers and amounts beyond a safe integer of cents', () => {
    expect(fedexAmountToCents(-1.5)).toBeNull();
    expect(fedexAmountToCents(Number.NaN)).toBeNull();
    expect(fedexAmountToCents(Number.POSITIVE_INFINITY)).toBeNull();
    expect(fedexAmountToCents('12,50')).toBeNull();
    expect(fedexAmountToCents('')).toBeNull();
    expect(fedexAmountToCents(1e21)).toBeNull();
  });
});
