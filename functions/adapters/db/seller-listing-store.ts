import type { ListingSummary } from '../../core/listings/listing';
import type { SellerListingStore } from '../../core/listings/seller-listings';
import { closeListing, type ClosingListing } from './listing-close';
import { CARD_ATTRIBUTES } from './listing-cards';
import type { Db } from './service';

/** A seller's own listings, and ending one (status and every status-keyed index move together). */
export function sellerListingStore(db: Db): SellerListingStore {
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
    end(l, now) {
      return closeListing(db, l as ClosingListing, 'ended', now);
    },
  };
}
