import { isValidClassicAddress } from 'xrpl';
import { RpcError, invalidParams } from './errors';

export function requiredAccount(params: Record<string, unknown>, field = 'account'): string {
  const value = params[field];
  if (value === undefined) throw invalidParams(`Missing field '${field}'.`);
  if (typeof value !== 'string' || !isValidClassicAddress(value)) throw new RpcError('actMalformed');
  return value;
}

/** rippled clamps `limit` of paged account methods into [min, max] and uses `fallback` when it is absent. */
export function pageLimit(params: Record<string, unknown>, fallback: number, min: number, max: number): number {
  const limit = params.limit;
  if (limit === undefined) return fallback;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0) throw invalidParams("Invalid field 'limit'.");
  return Math.min(max, Math.max(min, limit));
}

export function optionalString(params: Record<string, unknown>, field: string): string | undefined {
  const value = params[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidParams(`Invalid field '${field}', not string.`);
  return value;
}

/**
 * Pages `items` (sorted by `key`) from an opaque marker: the key of the first item of the next page.
 * Returns the page and the marker for the page after it, if any.
 */
export function page<T>(
  items: readonly T[],
  key: (item: T) => string,
  limit: number,
  marker: string | undefined,
): { items: T[]; marker?: string } {
  let start = 0;
  if (marker !== undefined) {
    start = items.findIndex((item) => key(item) >= marker);
    if (start < 0 || key(items[start]!) !== marker) throw invalidParams("Invalid field 'marker'.");
  }
  const slice = items.slice(start, start + limit);
  const next = items[start + limit];
  return next === undefined ? { items: slice } : { items: slice, marker: key(next) };
}
