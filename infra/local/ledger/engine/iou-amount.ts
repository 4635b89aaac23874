/**
 * Issued-currency (token) values as the XRPL keeps them: a sign, a 16-digit mantissa and an exponent in [-96, 80],
 * with exact bigint arithmetic (never floats). Results are cut to 16 significant digits toward zero.
 */
export interface IouValue {
  negative: boolean;
  /** 0, or 10^15 <= mantissa < 10^16. */
  mantissa: bigint;
  exponent: number;
}

const MIN_MANTISSA = 10n ** 15n;
const MAX_MANTISSA = 10n ** 16n;
const MIN_EXPONENT = -96;
const MAX_EXPONENT = 80;
const ZERO: IouValue = { negative: false, mantissa: 0n, exponent: -100 };

export class IouOverflowError extends Error {}

function normalize(negative: boolean, mantissa: bigint, exponent: number): IouValue {
  if (mantissa === 0n) return ZERO;
  let m = mantissa;
  let e = exponent;
  while (m < MIN_MANTISSA) {
    m *= 10n;
    e -= 1;
  }
  while (m >= MAX_MANTISSA) {
    m /= 10n;
    e += 1;
  }
  if (e > MAX_EXPONENT) throw new IouOverflowError('Token value too large');
  if (e < MIN_EXPONENT) return ZERO;
  return { negative, mantissa: m, exponent: e };
}

/** Parses a decimal string as the XRPL accepts it ("12.5", "-0.001", "1e-7"); undefined when it is not one. */
export function parseIou(text: string): IouValue | undefined {
  const match = /^(-?)(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/.exec(text.trim());
  if (!match || `${match[2]}${match[3] ?? ''}` === '') return undefined;
  const [, sign, whole = '', fraction = '', exp = '0'] = match;
  const digits = BigInt(`${whole}${fraction}` || '0');
  try {
    return normalize(sign === '-', digits, Number(exp) - fraction.length);
  } catch {
    return undefined;
  }
}

export function isZero(v: IouValue): boolean {
  return v.mantissa === 0n;
}

export function negate(v: IouValue): IouValue {
  return isZero(v) ? v : { ...v, negative: !v.negative };
}

/** Exact sum, then cut to 16 significant digits. */
export function addIou(a: IouValue, b: IouValue): IouValue {
  if (isZero(a)) return b;
  if (isZero(b)) return a;
  const e = Math.min(a.exponent, b.exponent);
  const sa = (a.negative ? -1n : 1n) * a.mantissa * 10n ** BigInt(a.exponent - e);
  const sb = (b.negative ? -1n : 1n) * b.mantissa * 10n ** BigInt(b.exponent - e);
  const sum = sa + sb;
  return normalize(sum < 0n, sum < 0n ? -sum : sum, e);
}

export function subtractIou(a: IouValue, b: IouValue): IouValue {
  return addIou(a, negate(b));
}

/** -1, 0 or 1. */
export function compareIou(a: IouValue, b: IouValue): number {
  const d = subtractIou(a, b);
  return isZero(d) ? 0 : d.negative ? -1 : 1;
}

/** Plain decimal text without trailing zeros ("12.5", "-0.0001", "1000"). */
export function formatIou(v: IouValue): string {
  if (isZero(v)) return '0';
  let digits = v.mantissa.toString();
  let e = v.exponent;
  while (digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    e += 1;
  }
  let text: string;
  if (e >= 0) text = digits + '0'.repeat(e);
  else if (-e < digits.length) text = `${digits.slice(0, e)}.${digits.slice(e)}`;
  else text = `0.${'0'.repeat(-e - digits.length)}${digits}`;
  return v.negative ? `-${text}` : text;
}
