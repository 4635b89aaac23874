import type { SoldOutListings } from '../../core/orders/order-store';
import { closeListing, type ClosingListing } from './listing-close';
import { CARD_ATTRIBUTES } from './listing-cards';
import type { Db } from './service';

/** A listing whose every unit is sold becomes 'sold' and leaves browse and search (listing-close.ts). */
export function soldOutListings(db: Db, now: () => Date): SoldOutListings {
  return {
    async markSoldOut(listingIds) {
      for (const listingId of new Set(listingIds)) {
        // A lost race (an edit, another sale) means reading again: the sale that sells the last unit must close it.
        for (let attempt = 0; attempt < 5; attempt++) {
          const { data } = await db.entities.listing.get({ listingId }).go({
            consistent: true,
            attributes: [...CARD_ATTRIBUTES, 'postingSlots', 'version', 'quantity', 'quantitySold'],
          });
          if (!data || data.status !== 'active' || (data.quantitySold ?? 0) < (data.quantity ?? 1)) break;
          if (await closeListing(db, data as ClosingListing, 'sold', now())) break;
        }
      }
    },
  };
}
