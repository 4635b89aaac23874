import { decodeAccountID, isValidClassicAddress } from 'xrpl';
import { IouValue } from './iou-value';

/** Most drops that can exist (100 billion XRP); rippled's isLegalAmount bound. */
export const MAX_DROPS = 10n ** 17n;

/** The issuer rippled writes into RippleState.Balance ("no account", account ID 1). */
export const ACCOUNT_ONE = 'rrrrrrrrrrrrrrrrrrrrBZbvji';

export type XrpAmount = { kind: 'xrp'; drops: bigint };
export type IouAmount = { kind: 'iou'; currency: string; issuer: string; value: IouValue };
export type ParsedAmount = XrpAmount | IouAmount;

/** Parses a JSON amount; undefined when malformed. XRP drops may be negative here: callers decide. */
export function parseAmount(raw: unknown): ParsedAmount | undefined {
  if (typeof raw === 'string') {
    if (!/^-?\d+$/.test(raw)) return undefined;
    return { kind: 'xrp', drops: BigInt(raw) };
  }
  if (!raw || typeof raw !== 'object') return undefined;
  const { currency, issuer, value } = raw as Record<string, unknown>;
  if (typeof currency !== 'string' || typeof issuer !== 'string' || typeof value !== 'string') return undefined;
  if (!isValidClassicAddress(issuer)) return undefined;
  const normalized = normalizeCurrency(currency);
  const parsed = IouValue.parse(value);
  if (normalized === undefined || parsed === undefined) return undefined;
  return { kind: 'iou', currency: normalized, issuer, value: parsed };
}

/**
 * Currency codes as rippled prints them: a standard code (all zero bytes except three ASCII characters at 12..14)
 * becomes its three letters, anything else 40 uppercase hex digits.
 */
export function normalizeCurrency(currency: string): string | undefined {
  if (/^[A-Za-z0-9?!@#$%^&*<>(){}[\]|]{3}$/.test(currency)) return currency;
  if (!/^[0-9A-Fa-f]{40}$/.test(currency)) return undefined;
  const hex = currency.toUpperCase();
  const standard = /^0{24}([0-9A-F]{6})0{10}$/.exec(hex);
  if (standard?.[1]) {
    const code = Buffer.from(standard[1], 'hex').toString('latin1');
    if (/^[A-Za-z0-9?!@#$%^&*<>(){}[\]|]{3}$/.test(code)) return code;
  }
  return hex;
}

/** "XRP" as an issued currency code is forbidden (rippled's badCurrency). */
export function isBadCurrency(currency: string): boolean {
  return currency === 'XRP' || currency === '0000000000000000000000000000000000000000';
}

export function iouJson(
  currency: string,
  issuer: string,
  value: IouValue,
): { currency: string; issuer: string; value: string } {
  return { currency, issuer, value: value.toString() };
}

export function amountJson(amount: ParsedAmount): string | { currency: string; issuer: string; value: string } {
  return amount.kind === 'xrp' ? amount.drops.toString() : iouJson(amount.currency, amount.issuer, amount.value);
}

const accountIdCache = new Map<string, string>();

/** The 20-byte account ID in hex; rippled orders accounts (low / high side of a line) by it. */
export function accountIdHex(address: string): string {
  let hex = accountIdCache.get(address);
  if (hex === undefined) {
    hex = Buffer.from(decodeAccountID(address)).toString('hex');
    if (accountIdCache.size > 100_000) accountIdCache.clear();
    accountIdCache.set(address, hex);
  }
  return hex;
}

/** True when `a` sorts before `b` by account ID (a is the low side of their trust line). */
export function isLowAccount(a: string, b: string): boolean {
  return accountIdHex(a) < accountIdHex(b);
}
