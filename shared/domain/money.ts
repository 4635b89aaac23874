/**
 * Money is integer cents everywhere in storage and API. These are the only conversions to and from text, and to the
 * ledger's decimal strings; none of them uses floating-point arithmetic on the amount.
 */
export type Cents = number;

/**
 * The largest amount any money field takes: 1,000,000.00 RLUSD (docs/decisions/042-money-limits.md). Far below a safe
 * integer, so sums of a full cart stay exact, and within the 12 digits of the price sort keys.
 */
export const MAX_AMOUNT_CENTS = 100_000_000;
export const AMOUNT_TOO_LARGE = 'Amounts can be at most $1,000,000.00';

export function assertCents(value: number): Cents {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Not an amount in cents: ${value}`);
  return value;
}

/** "12.34" or "12.3" or "12" -> 1234. Returns undefined for anything that is not a plain non-negative decimal. */
export function parseDollarsToCents(text: string): Cents | undefined {
  const match = /^\s*\$?(\d{1,12})(?:\.(\d{0,2}))?\s*$/.exec(text);
  if (!match) return undefined;
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return Number(whole) * 100 + Number(fraction);
}

/**
 * 1234 -> "12.34": the ledger value of a token amount (RLUSD) and the number part of a display. The way back is
 * ledgerValueToCents.
 */
export function centsToDecimalString(cents: Cents): string {
  assertCents(cents);
  // Subtracting the remainder first keeps the division exact.
  const whole = (cents - (cents % 100)) / 100;
  const fraction = String(cents % 100).padStart(2, '0');
  return `${whole}.${fraction}`;
}

/** 123456 -> "$1,234.56" (prices are shown in dollars with 2 decimals). */
export function formatUsd(cents: Cents): string {
  const [whole = '0', fraction = '00'] = centsToDecimalString(cents).split('.');
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/**
 * How a ledger value becomes cents. 'down' truncates below a cent (balances shown or relied on as spendable: never
 * more than is there); 'exact' refuses any value that is not a whole number of cents (amounts that must match an
 * order to the cent, e.g. what an escrow holds).
 */
export type CentsRounding = 'down' | 'exact';

const LEDGER_DECIMAL = /^(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d{1,3}))?$/;

/** XRP amounts are integer drops in strings: a total of XRP in drops exceeds a safe JavaScript integer. */
export type Drops = string;

/** 1 XRP in drops. */
const DROPS_PER_XRP = 1_000_000n;

/** Drops as the exact XRP decimal text ("12.5", "0.000001"); no floats. */
export function dropsToXrpText(drops: Drops): string {
  const n = BigInt(drops);
  const whole = n / DROPS_PER_XRP;
  const fraction = (n % DROPS_PER_XRP).toString().padStart(6, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

/**
 * "12.5", "0.000001" or "100" XRP (at most 6 decimals, the ledger's smallest unit) -> drops ("12500000"), in integer
 * arithmetic. Returns undefined for anything that is not a plain non-negative decimal of XRP.
 */
export function parseXrpToDrops(text: string): Drops | undefined {
  const match = /^\s*(\d{1,12})(?:\.(\d{0,6}))?\s*$/.exec(text);
  if (!match) return undefined;
  return (BigInt(match[1]!) * DROPS_PER_XRP + BigInt((match[2] ?? '').padEnd(6, '0'))).toString();
}

/**
 * The ledger's decimal text for a token amount ("12.34", "1e-7", "1.5e11", as rippled writes issued values) -> cents,
 * in integer arithmetic. Rejects negatives, junk and values beyond a safe integer of cents.
 */
export function ledgerValueToCents(value: string, rounding: CentsRounding): Cents {
  const match = LEDGER_DECIMAL.exec(value);
  if (!match) throw new RangeError(`Not a ledger amount: ${value}`);
  const fraction = match[2] ?? '';
  const digits = BigInt(`${match[1]}${fraction}`);
  // value = digits x 10^shift dollars = digits x 10^(shift + 2) cents
  const shift = Number(match[3] ?? '0') - fraction.length + 2;
  let cents: bigint;
  if (shift >= 0) {
    cents = digits * 10n ** BigInt(shift);
  } else {
    const divisor = 10n ** BigInt(-shift);
    if (rounding === 'exact' && digits % divisor !== 0n) {
      throw new RangeError(`Not a whole number of cents: ${value}`);
    }
    cents = digits / divisor;
  }
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`Amount too large: ${value}`);
  return Number(cents);
}

/**
 * A plain decimal ("12.345678", no exponent, no sign) -> cents, truncating below a cent. Kept for callers that must
 * refuse exponent forms; it is ledgerValueToCents underneath, so there is one conversion.
 */
export function decimalStringToCents(value: string): Cents {
  if (!/^\d+(?:\.\d+)?$/.test(value)) throw new RangeError(`Not a decimal amount: ${value}`);
  return ledgerValueToCents(value, 'down');
}
