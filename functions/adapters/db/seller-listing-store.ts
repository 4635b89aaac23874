import type { ListingSummary } from '../../core/listings/listing';
import type { EventPublisher } from '../../core/realtime/ports';
import type { SellerListingStore } from '../../core/listings/ports';
import { closeListing, type ClosingListing } from './listing-close';
import { CARD_ATTRIBUTES } from './listing-cards';
import type { Db } from './service';

/**
 * A seller's own listings, and ending one (status and every status-keyed index move together); an ended listing is
 * announced (listing.closed) so the offers still open on it are declined (decision 033).
 */
export function sellerListingStore(
  db: Db,
  announce?: { events: EventPublisher; warn: (message: string, error: unknown) => void },
): SellerListingStore {
  const { listing } = db.entities;
  return {
    async bySeller(sellerId) {
      const { data } = await listing.query
        .bySeller({ sellerId })
        .go({ order: 'desc', pages: 'all', attributes: [...CARD_ATTRIBUTES] });
      return data as ListingSummary[];
    },
    async get(listingId) {
      // Also where the id sits in its words' postings and the version it was read at, which end() needs.
      const { data } = await listing
        .get({ listingId })
        .go({ attributes: [...CARD_ATTRIBUTES, 'postingSlots', 'version'] });
      return (data as ListingSummary | null) ?? null;
    },
    async end(l, now) {
      if (!(await closeListing(db, l as ClosingListing, 'ended', now))) return false;
      const { listingId } = l;
      const closed = { listingId, reason: 'ended' as const };
      const event = { id: `listing.closed:${listingId}`, type: 'listing.closed' as const, data: closed };
      // Ended is ended: a lost announcement leaves its offers unanswerable (not for sale) until they expire.
      await announce?.events
        .publish([{ ...event, occurredAt: now.toISOString() }])
        .catch((error: unknown) => announce.warn('listing ended but not announced', error));
      return true;
    },
  };
}
