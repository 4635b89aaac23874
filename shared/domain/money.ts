/**
 * Money is integer cents everywhere in storage and API. These are the only conversions to and from text, and to the
 * ledger's decimal strings; none of them uses floating-point arithmetic on the amount.
 */
export type Cents = number;

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

/** 1234 -> "12.34" (the ledger's decimal string for RLUSD and the value part of a display). */
export function centsToDecimalString(cents: Cents): string {
  assertCents(cents);
  const whole = Math.trunc(cents / 100);
  const fraction = String(cents % 100).padStart(2, '0');
  return `${whole}.${fraction}`;
}

/** 123456 -> "$1,234.56" (prices are shown in dollars with 2 decimals). */
export function formatUsd(cents: Cents): string {
  const [whole = '0', fraction = '00'] = centsToDecimalString(cents).split('.');
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/** Ledger decimal string ("12.345678") -> cents, truncating below a cent. Rejects exponents and negatives. */
export function decimalStringToCents(value: string): Cents {
  const cents = parseDollarsToCents(value.replace(/^(\d+\.\d{2})\d*$/, '$1'));
  if (cents === undefined) throw new RangeError(`Not a decimal amount: ${value}`);
  return cents;
}
