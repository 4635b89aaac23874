import { describe, expect, it } from 'vitest';
import {
  dropsToXrpText,
  parseXrpToDrops,
  assertCents,
  centsToDecimalString,
  decimalStringToCents,
  formatUsd,
  parseDollarsToCents,
} from '../../../shared/domain/money';

describe('money', () => {
  it('parses dollar text to integer cents without floating point', () => {
    expect(parseDollarsToCents('12.34')).toBe(1234);
    expect(parseDollarsToCents('0.1')).toBe(10);
    expect(parseDollarsToCents('$7')).toBe(700);
    expect(parseDollarsToCents('19.99')).toBe(1999);
    expect(parseDollarsToCents('1.005')).toBeUndefined();
    expect(parseDollarsToCents('-1')).toBeUndefined();
    expect(parseDollarsToCents('1e3')).toBeUndefined();
    expect(parseDollarsToCents('')).toBeUndefined();
  });

  it('makes the ledger decimal string from cents', () => {
    expect(centsToDecimalString(0)).toBe('0.00');
    expect(centsToDecimalString(5)).toBe('0.05');
    expect(centsToDecimalString(123456)).toBe('1234.56');
  });

  it('reads ledger decimals back, truncating below a cent', () => {
    expect(decimalStringToCents('12.345678')).toBe(1234);
    expect(decimalStringToCents('100')).toBe(10000);
    expect(() => decimalStringToCents('1e2')).toThrow(RangeError);
    expect(() => decimalStringToCents('-3.00')).toThrow(RangeError);
  });

  it('formats dollars with 2 decimals and thousands separators', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(99)).toBe('$0.99');
    expect(formatUsd(123456789)).toBe('$1,234,567.89');
  });

  it('refuses non-integer or negative cents', () => {
    expect(() => assertCents(1.5)).toThrow(RangeError);
    expect(() => assertCents(-1)).toThrow(RangeError);
    expect(assertCents(42)).toBe(42);
  });

  it('reads XRP text as drops, in integers, at most 6 decimals (and the drops back as XRP)', () => {
    expect(parseXrpToDrops('12.5')).toBe('12500000');
    expect(parseXrpToDrops('0.000001')).toBe('1');
    expect(parseXrpToDrops(' 100 ')).toBe('100000000');
    expect(parseXrpToDrops('100000000000')).toBe('100000000000000000');
    expect(parseXrpToDrops('0.0000001')).toBeUndefined();
    expect(parseXrpToDrops('1e3')).toBeUndefined();
    expect(parseXrpToDrops('-1')).toBeUndefined();
    expect(dropsToXrpText(parseXrpToDrops('0.1')!)).toBe('0.1');
  });
});
