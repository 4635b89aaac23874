import { useState } from 'react';
import { pickupQuery } from '../../../../../shared/api/orders';
import type { CartView } from '../../../domains/cart/cart-view';
import { pickupSellers, withPickupChoice } from './pickup-choice';

/**
 * Local pickup chosen per seller; only sellers that still offer it count (the cart may have changed since). The page
 * shows and totals the cart as it will be bought: those sellers' lines as pickups, with no shipping.
 */
export function usePickupSellers(serverCart: CartView | undefined) {
  const [pickupChoice, setPickupChoice] = useState<ReadonlySet<string>>(new Set());
  const offering = serverCart ? pickupSellers(serverCart.items) : [];
  const chosen = new Set(offering.map((s) => s.sellerId).filter((id) => pickupChoice.has(id)));
  const toggle = (sellerId: string, collect: boolean) =>
    setPickupChoice((c) => {
      const next = new Set(c);
      if (collect) next.add(sellerId);
      else next.delete(sellerId);
      return next;
    });
  return {
    offering,
    chosen,
    /** The chosen sellers as the shipping query sends them. */
    pickup: pickupQuery.encode([...chosen]),
    buying: serverCart && withPickupChoice(serverCart, chosen),
    toggle,
  };
}
