import type { Cart, CartLine } from '../../../../../shared/api/cart';
import { sellersOfferingPickup } from '../../../../../shared/domain/pickup-choice';

/** A seller the buyer may collect from instead of having their items shipped ('Also Offer Local Pickup'). */
export interface PickupSeller {
  sellerId: string;
  sellerName: string;
  location: CartLine['sellerLocation'];
}

/** The sellers checkout offers local pickup for: every line of theirs offers it, and some would ship. */
export function pickupSellers(items: readonly CartLine[]): PickupSeller[] {
  const lines = items.filter((l) => l.status !== 'unavailable');
  const offering = sellersOfferingPickup(
    lines.map((l) => ({ sellerId: l.sellerId, shippingType: l.shippingType, localPickup: l.offersLocalPickup })),
  );
  return offering.map((sellerId) => {
    const first = lines.find((l) => l.sellerId === sellerId)!;
    return { sellerId, sellerName: first.sellerName, location: first.sellerLocation };
  });
}

/**
 * The cart as it will be bought with local pickup from the `chosen` sellers: their lines are pickups with no shipping,
 * and the totals are counted again as the server counts them (unavailable lines count for nothing).
 */
export function withPickupChoice<C extends Cart>(cart: C, chosen: ReadonlySet<string>): C {
  if (chosen.size === 0) return cart;
  const items = cart.items.map((l) =>
    l.isLocalPickup || !chosen.has(l.sellerId)
      ? l
      : {
          ...l,
          isLocalPickup: true,
          offersLocalPickup: false,
          shippingCostCents: 0,
          lineTotalCents: l.status === 'unavailable' ? 0 : (l.unitPriceCents ?? 0) * l.quantity,
        },
  );
  const shippingCents = items
    .filter((l) => l.status !== 'unavailable')
    .reduce((sum, l) => sum + l.shippingCostCents * l.quantity, 0);
  return { ...cart, items, shippingCents, totalCents: cart.itemsCents + shippingCents };
}
