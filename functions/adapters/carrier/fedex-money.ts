import type { Cents } from '../../../shared/domain/money';

const DECIMAL = /^(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d{1,3}))?$/;
const MAX_CENTS = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * A FedEx amount (a JSON number such as 13.05, or its text) -> cents, in integer arithmetic, half a cent rounded up.
 * A JSON number reaches us as a double, but String() gives back the shortest decimal that reads as that double, which
 * is the literal FedEx wrote for any amount of up to 15 digits; from there the digits are counted, never multiplied
 * as floats. Null for negatives, NaN and anything that is not a plain decimal.
 */
export function fedexAmountToCents(value: number | string): Cents | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? '';
  const digits = BigInt(`${match[1]}${fraction}`);
  // value = digits x 10^shift cents
  const shift = Number(match[3] ?? '0') - fraction.length + 2;
  let cents: bigint;
  if (shift >= 0) {
    cents = digits * 10n ** BigInt(shift);
  } else {
    const divisor = 10n ** BigInt(-shift);
    cents = (digits + divisor / 2n) / divisor;
  }
  return cents > MAX_CENTS ? null : Number(cents);
}
