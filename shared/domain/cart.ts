import type { Cents } from './money';
import type { ShippingType } from './listing';

/** Cart constants (spec part 2 validation rules and business constants). */
export const CART_MAX_ITEMS = 50;
/** The stored cart may not exceed 1 MB as text. */
export const CART_MAX_BYTES = 1024 * 1024;
/** A signed-out cart moves to the account this long after sign-in. */
export const CART_MIGRATION_DELAY_MS = 200;
/** An empty cart at /checkout goes back to /cart after this long. */
export const EMPTY_CART_REDIRECT_MS = 1000;
/** The key of the signed-out cart in browser storage. */
export const CART_STORAGE_KEY = 'marketplace_cart';
/** Estimated delivery shown in the cart: a static number of days from today. */
export const CART_DELIVERY_ESTIMATE_DAYS = 3;

export interface CartLineRule {
  unitPriceCents: Cents;
  /** The listing's flat shipping per unit (flat rate only). */
  shippingCostCents: Cents | null;
  shippingType: ShippingType;
  quantity: number;
}

/** Local pickup only: the buyer collects the item, the seller approves the pickup to release the escrow. */
export function isLocalPickup(shippingType: ShippingType): boolean {
  return shippingType === 'local';
}

/**
 * Per-unit shipping a cart line adds before checkout: flat uses the listing's shipping cost; free and local pickup
 * cost nothing; calculated shipping is quoted at checkout by the carrier, so it counts 0 here.
 */
export function unitShippingCents(line: Pick<CartLineRule, 'shippingType' | 'shippingCostCents'>): Cents {
  return line.shippingType === 'flat' ? (line.shippingCostCents ?? 0) : 0;
}

/** (price + shipping cost) x quantity. */
export function lineTotalCents(line: CartLineRule): Cents {
  return (line.unitPriceCents + unitShippingCents(line)) * line.quantity;
}

/** The header badge: the sum of quantities. */
export function cartCount(lines: readonly Pick<CartLineRule, 'quantity'>[]): number {
  return lines.reduce((sum, l) => sum + l.quantity, 0);
}
