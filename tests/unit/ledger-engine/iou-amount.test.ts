import { describe, expect, it } from 'vitest';
import {
  addIou,
  compareIou,
  formatIou,
  parseIou,
  subtractIou,
  type IouValue,
} from '../../../infra/local/ledger/engine/iou-amount';

const v = (text: string): IouValue => {
  const parsed = parseIou(text);
  if (!parsed) throw new Error(`not a value: ${text}`);
  return parsed;
};

describe('token values', () => {
  it('parses into a 16-digit mantissa and formats back', () => {
    expect(v('12.5')).toEqual({ negative: false, mantissa: 1250000000000000n, exponent: -14 });
    for (const text of ['12.5', '-0.0001', '1000', '0.1', '9999999999999999', '1234.5678']) {
      expect(formatIou(v(text))).toBe(text);
    }
    expect(formatIou(v('1e-7'))).toBe('0.0000001');
    expect(formatIou(v('-0'))).toBe('0');
    expect(formatIou(v('5.'))).toBe('5');
  });

  it('refuses what is not a number, and overflow', () => {
    for (const bad of ['', '.', 'abc', '1.2.3', '--1', '1e97', '0x10']) expect(parseIou(bad)).toBeUndefined();
  });

  it('adds and subtracts exactly where floats would not', () => {
    expect(formatIou(addIou(v('0.1'), v('0.2')))).toBe('0.3');
    expect(formatIou(subtractIou(v('1000'), v('999.99')))).toBe('0.01');
    expect(formatIou(subtractIou(v('5'), v('7.25')))).toBe('-2.25');
    expect(formatIou(addIou(v('-3'), v('3')))).toBe('0');
  });

  it('keeps 16 significant digits, cutting toward zero', () => {
    expect(formatIou(addIou(v('1000000000000000'), v('0.9')))).toBe('1000000000000000');
    expect(formatIou(addIou(v('1'), v('1e-20')))).toBe('1');
  });

  it('compares', () => {
    expect(compareIou(v('10'), v('9.99'))).toBe(1);
    expect(compareIou(v('-1'), v('0'))).toBe(-1);
    expect(compareIou(v('2.50'), v('2.5'))).toBe(0);
  });
});
