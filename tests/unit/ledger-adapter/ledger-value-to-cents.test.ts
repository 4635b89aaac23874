import { describe, expect, it } from 'vitest';
import { centsToDecimalString, decimalStringToCents, ledgerValueToCents } from '../../../shared/domain/money';

describe('ledgerValueToCents', () => {
  it('reads plain decimals and the exponent forms rippled writes, rounding down below a cent', () => {
    expect(ledgerValueToCents('12.345678', 'down')).toBe(1234);
    expect(ledgerValueToCents('12.3', 'down')).toBe(1230);
    expect(ledgerValueToCents('100', 'down')).toBe(10000);
    expect(ledgerValueToCents('0.009999999999999999', 'down')).toBe(0);
    expect(ledgerValueToCents('1e-7', 'down')).toBe(0);
    expect(ledgerValueToCents('1.5e11', 'down')).toBe(15_000_000_000_000);
    expect(ledgerValueToCents('1234e-2', 'down')).toBe(1234);
    expect(ledgerValueToCents('9999999999999999e-16', 'down')).toBe(99);
    expect(ledgerValueToCents('1e-2', 'down')).toBe(1);
    expect(ledgerValueToCents('1E2', 'down')).toBe(10000);
    expect(ledgerValueToCents('0', 'down')).toBe(0);
  });

  it("in 'exact' mode refuses what is not a whole number of cents", () => {
    expect(ledgerValueToCents('12.50', 'exact')).toBe(1250);
    expect(ledgerValueToCents('12.5000000', 'exact')).toBe(1250);
    expect(ledgerValueToCents('1.2e1', 'exact')).toBe(1200);
    expect(ledgerValueToCents('1e-2', 'exact')).toBe(1);
    expect(ledgerValueToCents('100', 'exact')).toBe(10000);
    expect(() => ledgerValueToCents('1e-3', 'exact')).toThrow(/whole number of cents/);
    expect(() => ledgerValueToCents('12.345', 'exact')).toThrow(/whole number of cents/);
    expect(() => ledgerValueToCents('1e-7', 'exact')).toThrow(RangeError);
  });

  it('refuses negatives, junk and amounts beyond a safe integer of cents', () => {
    for (const bad of ['-1', '', '.', '1.2.3', '1e', 'NaN', ' 1', '0x10', '1e1000']) {
      expect(() => ledgerValueToCents(bad, 'down'), bad).toThrow(RangeError);
    }
    expect(() => ledgerValueToCents('1e15', 'down')).toThrow(/too large/);
  });

  it('round-trips every amount centsToDecimalString makes', () => {
    for (const cents of [0, 1, 99, 100, 1234, 123_456_789, Number.MAX_SAFE_INTEGER]) {
      expect(ledgerValueToCents(centsToDecimalString(cents), 'exact')).toBe(cents);
    }
    expect(centsToDecimalString(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
    expect(centsToDecimalString(2550)).toBe('25.50');
  });

  it('keeps decimalStringToCents (plain decimals only) on the same conversion', () => {
    expect(decimalStringToCents('12.345678')).toBe(1234);
    expect(decimalStringToCents('0.01')).toBe(1);
    expect(() => decimalStringToCents('1e-2')).toThrow(RangeError);
    expect(() => decimalStringToCents('1.')).toThrow(RangeError);
  });
});
