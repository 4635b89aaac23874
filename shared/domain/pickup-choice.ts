import { isLocalPickup } from './cart';
import type { ShippingType } from './listing';

/**
 * Local pickup as the buyer's choice at checkout: a listing with 'Also Offer Local Pickup' (calculated or flat
 * shipping) may be collected instead of shipped. The choice is per seller, as a seller's pickup is one order and one
 * escrow released on the seller's approval (docs/decisions/023-orders-and-escrow-creation.md).
 */

/** Whether a listing can be collected from its seller: pickup only, or shipping with 'Also Offer Local Pickup'. */
export function pickupOffered(l: { shippingType: ShippingType; localPickup?: boolean }): boolean {
  return isLocalPickup(l.shippingType) || (l.localPickup === true && l.shippingType !== 'free');
}

export interface PickupLine {
  sellerId: string;
  shippingType: ShippingType;
  localPickup?: boolean;
}

/** Sellers whose lines would ship and can all be collected instead: the ones checkout offers the choice for. */
export function sellersOfferingPickup(lines: readonly PickupLine[]): string[] {
  const bySeller = new Map<string, PickupLine[]>();
  for (const l of lines) bySeller.set(l.sellerId, [...(bySeller.get(l.sellerId) ?? []), l]);
  return [...bySeller]
    .filter(([, ls]) => ls.every(pickupOffered) && ls.some((l) => !isLocalPickup(l.shippingType)))
    .map(([sellerId]) => sellerId);
}
