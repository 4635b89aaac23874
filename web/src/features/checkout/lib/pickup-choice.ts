import type { CartLine } from '../../../../../shared/api/cart';
import { sellersOfferingPickup } from '../../../../../shared/domain/pickup-choice';
import type { Cents } from '../../../../../shared/domain/money';
import { collected } from '../../../lib/cart/cart-view';

/** Lines that count at checkout (an unavailable line counts for nothing, as on the server). */
const live = (items: readonly CartLine[]) => items.filter((l) => l.status !== 'unavailable');

/** A seller the buyer may collect from instead of having their items shipped ('Also Offer Local Pickup'). */
export interface PickupSeller {
  sellerId: string;
  sellerName: string;
  location: CartLine['sellerLocation'];
}

/** The sellers checkout offers local pickup for: every line of theirs offers it, and some would ship. */
export function pickupSellers(items: readonly CartLine[]): PickupSeller[] {
  const lines = live(items);
  const offering = sellersOfferingPickup(
    lines.map((l) => ({ sellerId: l.sellerId, shippingType: l.shippingType, localPickup: l.offersLocalPickup })),
  );
  return offering.map((sellerId) => {
    const first = lines.find((l) => l.sellerId === sellerId)!;
    return { sellerId, sellerName: first.sellerName, location: first.sellerLocation };
  });
}

/** Flat-rate shipping of the lines still shipped: a collected line costs no shipping (the server counts the same). */
export function flatShippingWith(items: readonly CartLine[], chosen: ReadonlySet<string>): Cents {
  return live(items)
    .filter((l) => !collected(l, chosen))
    .reduce((sum, l) => sum + l.shippingCostCents * l.quantity, 0);
}
