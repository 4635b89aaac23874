import { describe, expect, it } from 'vitest';
import { IouValue } from '../../../infra/local/ledger/engine/iou-value';

const v = (text: string): IouValue => {
  const parsed = IouValue.parse(text);
  if (!parsed) throw new Error(`not a value: ${text}`);
  return parsed;
};

describe('IouValue (STAmount-style token values)', () => {
  it('normalizes to a 16-digit mantissa and prints like rippled', () => {
    expect(v('12.5').mantissa).toBe(1_250_000_000_000_000n);
    expect(v('12.5').exponent).toBe(-14);
    for (const text of ['12.5', '-0.0001', '1000', '0.1', '1234.5678', '99999999999'])
      expect(v(text).toString()).toBe(text);
    expect(v('1e-7').toString()).toBe('0.0000001');
    expect(v('-0').toString()).toBe('0');
    expect(v('5.').toString()).toBe('5');
    // rippled switches to mantissa/exponent notation outside exponents -25..-5.
    expect(v('1e20').toString()).toBe('1000000000000000e5');
    expect(v('1e-30').toString()).toBe('1000000000000000e-45');
    expect(v('9999999999999999e80').toString()).toBe('9999999999999999e80');
  });

  it('refuses non-numbers and overflow; underflow becomes zero', () => {
    for (const bad of ['', '.', 'abc', '1.2.3', '--1', '1e97', '0x10']) expect(IouValue.parse(bad)).toBeUndefined();
    expect(v('1e-120').isZero()).toBe(true);
  });

  it('adds and subtracts exactly where floats would not', () => {
    expect(v('0.1').add(v('0.2')).toString()).toBe('0.3');
    expect(v('1000').sub(v('999.99')).toString()).toBe('0.01');
    expect(v('5').sub(v('7.25')).toString()).toBe('-2.25');
    expect(v('-3').add(v('3')).toString()).toBe('0');
    expect(v('123456789.123456').add(v('0.000001')).toString()).toBe('123456789.123457');
  });

  it('keeps 16 significant digits, truncating the smaller operand like STAmount', () => {
    expect(v('1000000000000000').add(v('0.9')).toString()).toBe('1000000000000000');
    expect(v('1').add(v('1e-20')).toString()).toBe('1');
  });

  it('compares exactly and picks minima', () => {
    expect(v('10').compare(v('9.99'))).toBe(1);
    expect(v('-1').compare(v('0'))).toBe(-1);
    expect(v('2.50').compare(v('2.5'))).toBe(0);
    expect(v('1e-80').gt(IouValue.ZERO)).toBe(true);
    expect(v('1e-82').isZero()).toBe(true);
    expect(v('3').min(v('2.9999')).toString()).toBe('2.9999');
  });
});
