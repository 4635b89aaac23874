/**
 * Issued-currency values the way rippled's STAmount holds them: a signed mantissa of 16 significant digits
 * (10^15 <= |m| < 10^16) and an exponent in [-96, 80], in bigint so no value ever passes through a float.
 */

const MIN_MANTISSA = 10n ** 15n;
const MAX_MANTISSA = 10n ** 16n - 1n;
const MIN_EXPONENT = -96;
const MAX_EXPONENT = 80;
/** rippled writes the exponent of zero as -100. */
const ZERO_EXPONENT = -100;

export class IouOverflowError extends Error {}

export class IouValue {
  private constructor(
    readonly mantissa: bigint,
    readonly exponent: number,
  ) {}

  static readonly ZERO = new IouValue(0n, ZERO_EXPONENT);

  /** Normalizes like STAmount::canonicalize: truncates digits beyond 16, underflow becomes zero. */
  static of(mantissa: bigint, exponent: number): IouValue {
    if (mantissa === 0n) return IouValue.ZERO;
    const negative = mantissa < 0n;
    let m = negative ? -mantissa : mantissa;
    let e = exponent;
    while (m < MIN_MANTISSA) {
      m *= 10n;
      e -= 1;
    }
    while (m > MAX_MANTISSA) {
      m /= 10n;
      e += 1;
    }
    if (e < MIN_EXPONENT) return IouValue.ZERO;
    if (e > MAX_EXPONENT) throw new IouOverflowError('Issued amount is too large');
    return new IouValue(negative ? -m : m, e);
  }

  /** Parses a decimal string as the JSON API accepts it ("10", "-1.5", "1e-3"); undefined when it is not a number. */
  static parse(text: string): IouValue | undefined {
    const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
    if (!match) return undefined;
    const [, sign, whole = '', fraction = '', exp] = match;
    if (whole === '' && fraction === '') return undefined;
    const digits = (whole + fraction).replace(/^0+/, '') || '0';
    const exponent = Number(exp ?? 0) - fraction.length;
    if (!Number.isSafeInteger(exponent)) return undefined;
    const mantissa = BigInt(digits);
    try {
      return IouValue.of(sign === '-' ? -mantissa : mantissa, exponent);
    } catch {
      return undefined;
    }
  }

  isZero(): boolean {
    return this.mantissa === 0n;
  }

  signum(): -1 | 0 | 1 {
    return this.mantissa === 0n ? 0 : this.mantissa < 0n ? -1 : 1;
  }

  negate(): IouValue {
    return this.mantissa === 0n ? this : new IouValue(-this.mantissa, this.exponent);
  }

  /**
   * STAmount addition: align to the larger exponent by truncating the smaller operand, then normalize;
   * a result within +-10 units of the last place is zero (rippled's guard against cancellation noise).
   */
  add(other: IouValue): IouValue {
    if (this.isZero()) return other;
    if (other.isZero()) return this;
    let [ma, ea, mb, eb] = [this.mantissa, this.exponent, other.mantissa, other.exponent];
    while (ea < eb) {
      ma /= 10n;
      ea += 1;
    }
    while (eb < ea) {
      mb /= 10n;
      eb += 1;
    }
    const sum = ma + mb;
    if (sum >= -10n && sum <= 10n) return IouValue.ZERO;
    return IouValue.of(sum, ea);
  }

  sub(other: IouValue): IouValue {
    return this.add(other.negate());
  }

  /** Exact comparison (no truncation). */
  compare(other: IouValue): -1 | 0 | 1 {
    const sa = this.signum();
    const sb = other.signum();
    if (sa !== sb) return sa < sb ? -1 : 1;
    if (sa === 0) return 0;
    const shift = this.exponent - other.exponent;
    const a = shift > 0 ? this.mantissa * 10n ** BigInt(shift) : this.mantissa;
    const b = shift < 0 ? other.mantissa * 10n ** BigInt(-shift) : other.mantissa;
    return a === b ? 0 : a < b ? -1 : 1;
  }

  lt(other: IouValue): boolean {
    return this.compare(other) < 0;
  }

  gt(other: IouValue): boolean {
    return this.compare(other) > 0;
  }

  min(other: IouValue): IouValue {
    return this.compare(other) <= 0 ? this : other;
  }

  /** STAmount::getText: plain decimals for exponents in [-25, -5] (and 0), otherwise `<mantissa>e<exponent>`. */
  toString(): string {
    if (this.isZero()) return '0';
    const negative = this.mantissa < 0n;
    const digits = (negative ? -this.mantissa : this.mantissa).toString();
    const sign = negative ? '-' : '';
    const e = this.exponent;
    if (e !== 0 && (e < -25 || e > -5)) return `${sign}${digits}e${e}`;
    if (e === 0) return sign + digits;
    const pointAt = digits.length + e;
    const whole = pointAt > 0 ? digits.slice(0, pointAt) : '0';
    const fraction = (pointAt < 0 ? '0'.repeat(-pointAt) + digits : digits.slice(pointAt)).replace(/0+$/, '');
    return sign + whole + (fraction ? `.${fraction}` : '');
  }
}
