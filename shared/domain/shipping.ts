import type { Cents } from './money';

/** Shipping at checkout (spec part 2 "Shipping rate estimation" and its business constants). */

export const SHIPPING_QUOTE_SOURCES = ['carrier', 'estimated', 'standard'] as const;
/**
 * Where a checkout's shipping options came from: the carrier's rates; the estimate formula when the carrier failed
 * ('FedEx API Error'); the standard option when no lookup was possible ('Shipping Rates Error').
 */
export type ShippingQuoteSource = (typeof SHIPPING_QUOTE_SOURCES)[number];

export interface ShippingOption {
  /** The carrier's service type (FEDEX_GROUND, ...), or 'STANDARD'. */
  id: string;
  name: string;
  costCents: Cents;
  estimatedDays: string;
  description: string;
}

/** Each cart unit ships as 2 lb in a 12 x 12 x 6 in box; a missing ZIP is 90210. */
export const CHECKOUT_WEIGHT_PER_UNIT_LB = 2;
export const CHECKOUT_PACKAGE_IN = { length: 12, width: 12, height: 6 } as const;
export const DEFAULT_ZIP = '90210';

/**
 * The listing page's estimate (spec part 1 business constants): one unit in the listing's own package, or 1 lb in an
 * 8 x 6 x 4 in box when the seller gave none; 8.99 when the carrier can't quote it.
 */
export const LISTING_DEFAULT_PACKAGE = { weightLb: 1, lengthIn: 8, widthIn: 6, heightIn: 4 } as const;
export const LISTING_FALLBACK_SHIPPING_CENTS = 899;

export const STANDARD_SHIPPING: ShippingOption = {
  id: 'STANDARD',
  name: 'Standard Shipping',
  costCents: 999,
  estimatedDays: '5-7 business days',
  description: 'Standard delivery',
};

/** A carrier rate that came without a charge counts as this. */
export const DEFAULT_RATE_CENTS = 1599;

/** The five-digit ZIP of a postal code ('78701-1234' -> '78701'), else the default. */
export function zipOf(postalCode: string | null | undefined): string {
  return usZip(postalCode) ?? DEFAULT_ZIP;
}

/** The 5-digit US ZIP of a postal code (ZIP+4 allowed), or null: where proof of delivery is judged, never a default. */
export function usZip(postalCode: string | null | undefined): string | null {
  const match = /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(postalCode ?? '');
  return match ? match[1]! : null;
}

/** The estimated rates: weight (whole pounds) x $0.50 plus each service's base; cheapest first. */
export function estimatedRates(weightLb: number, toCalifornia: boolean): ShippingOption[] {
  if (!Number.isSafeInteger(weightLb) || weightLb < 0) throw new RangeError(`Not a weight in pounds: ${weightLb}`);
  const byWeight = weightLb * 50;
  const rate = (id: string, name: string, base: Cents, estimatedDays: string): ShippingOption => ({
    id,
    name,
    costCents: base + byWeight,
    estimatedDays,
    description: `${name} (estimated)`,
  });
  return [
    rate('FEDEX_GROUND', 'FedEx Ground', 899, toCalifornia ? '1-3 business days' : '3-5 business days'),
    rate('FEDEX_EXPRESS_SAVER', 'FedEx Express Saver', 2499, '3 business days'),
    rate('FEDEX_2_DAY', 'FedEx 2Day', 3499, '2 business days'),
    rate('STANDARD_OVERNIGHT', 'FedEx Standard Overnight', 5499, 'Next business day'),
  ].sort((a, b) => a.costCents - b.costCents);
}

/** Whether an address is in California, for the Ground estimate (state 'CA' or the word in the text). */
export function isCalifornia(address: { state?: string | null; text?: string | null }): boolean {
  return (address.state ?? '').trim().toUpperCase() === 'CA' || /\bcalifornia\b/i.test(address.text ?? '');
}
