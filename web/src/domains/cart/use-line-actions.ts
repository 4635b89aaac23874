import { useCallback, useState } from 'react';
import type { UseCart } from './api';

/** Quantity and remove for cart lines, each line's controls disabled while its change is on the way. */
export function useLineActions(cart: Pick<UseCart, 'setQuantity' | 'remove'>, onChanged?: (listingId: string) => void) {
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const run = useCallback(
    async (listingId: string, change: () => Promise<boolean>) => {
      setBusy((s) => new Set(s).add(listingId));
      try {
        if (await change()) onChanged?.(listingId);
      } finally {
        setBusy((s) => {
          const next = new Set(s);
          next.delete(listingId);
          return next;
        });
      }
    },
    [onChanged],
  );
  return {
    isBusy: (listingId: string) => busy.has(listingId),
    anyBusy: busy.size > 0,
    setQuantity: (listingId: string, quantity: number) => run(listingId, () => cart.setQuantity(listingId, quantity)),
    remove: (listingId: string) => run(listingId, () => cart.remove(listingId)),
  };
}
