import type { SoldOutListings } from '../../core/orders/order-store';
import type { EventPublisher } from '../../core/realtime/ports';
import { closeListing, type ClosingListing } from './listing-close';
import { CARD_ATTRIBUTES } from './listing-cards';
import type { Db } from './service';

/**
 * A listing whose every unit is sold becomes 'sold' and leaves browse and search (listing-close.ts), and is announced
 * (listing.closed: the events consumer declines the offers still open on it, decision 033). Announced whenever it is
 * found sold out, also when an earlier run closed it: the decline is safe to run twice.
 */
export function soldOutListings(db: Db, now: () => Date, events: EventPublisher): SoldOutListings {
  return {
    async markSoldOut(listingIds) {
      const soldOut: string[] = [];
      for (const listingId of new Set(listingIds)) {
        // A lost race (an edit, another sale) means reading again: the sale that sells the last unit must close it.
        for (let attempt = 0; attempt < 5; attempt++) {
          const { data } = await db.entities.listing.get({ listingId }).go({
            consistent: true,
            attributes: [...CARD_ATTRIBUTES, 'postingSlots', 'version', 'quantity', 'quantitySold'],
          });
          if (!data || (data.quantitySold ?? 0) < (data.quantity ?? 1)) break;
          if (
            data.status === 'sold' ||
            (data.status === 'active' && (await closeListing(db, data as ClosingListing, 'sold', now())))
          ) {
            soldOut.push(listingId);
            break;
          }
          if (data.status !== 'active') break;
        }
      }
      if (soldOut.length === 0) return;
      const occurredAt = now().toISOString();
      await events.publish(
        soldOut.map((listingId) => ({
          id: `listing.closed:${listingId}`,
          type: 'listing.closed' as const,
          occurredAt,
          data: { listingId, reason: 'sold' as const },
        })),
      );
    },
  };
}
