import type { ListingSummary } from '../../core/listings/listing';
import type { SellerListingStore } from '../../core/listings/seller-listings';
import { termBucket, searchTermsFor } from '../../core/listings/search-terms';
import { NO_AUCTION_END } from './entities/listing';
import { CARD_ATTRIBUTES } from './listing-browse-store';
import type { Db } from './service';

/** A seller's own listings, and ending one (status and every status-keyed index move together). */
export function sellerListingStore(db: Db): SellerListingStore {
  const { listing, searchTerm } = db.entities;
  return {
    async bySeller(sellerId) {
      const { data } = await listing.query
        .bySeller({ sellerId })
        .go({ order: 'desc', pages: 'all', attributes: [...CARD_ATTRIBUTES] });
      return data as ListingSummary[];
    },
    async get(listingId) {
      const { data } = await listing.get({ listingId }).go({ attributes: [...CARD_ATTRIBUTES, 'brand'] });
      return (data as ListingSummary | null) ?? null;
    },
    async end(l, now) {
      try {
        await listing
          .patch({ listingId: l.listingId })
          .set({ status: 'ended', updatedAt: now.toISOString() })
          // The status-keyed indexes are rebuilt from these; the values are the listing's own.
          .composite({
            createdAt: l.createdAt,
            category: l.category,
            sortPriceCents: l.sortPriceCents,
            auctionEnd: l.endsAt ?? NO_AUCTION_END,
          })
          .where((a, op) => `${op.eq(a.status, 'active')} AND ${op.eq(a.sellerId, l.sellerId)}`)
          .go();
      } catch (error) {
        if (String((error as Error).message).includes('conditional request failed')) return false;
        throw error;
      }
      // Search reads only active listings; the terms go too so searches stay as cheap as the active catalogue.
      const terms = searchTermsFor({ title: l.title, category: l.category, brand: (l as { brand?: string }).brand });
      if (terms.length) {
        await searchTerm.delete(terms.map((term) => ({ bucket: termBucket(term), term, listingId: l.listingId }))).go();
      }
      return true;
    },
  };
}
