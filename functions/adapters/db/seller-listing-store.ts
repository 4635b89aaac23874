import { listingFacets } from '../../core/listings/browse-facets';
import type { ListingSummary } from '../../core/listings/listing';
import type { SellerListingStore } from '../../core/listings/seller-listings';
import { searchTermsFor } from '../../core/listings/search-terms';
import { NO_AUCTION_END, NO_SUBCATEGORY } from './entities/listing';
import { CARD_ATTRIBUTES } from './listing-cards';
import { facetKey } from './listing-facets';
import { postingKeysOf } from './posting-chunks';
import type { Db } from './service';
import { cancelReasons, transactWithRetry } from './transact';

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
    async end(l, now) {
      // Search and facets hold only active listings: the id leaves its postings and facets in the same transaction.
      const terms = searchTermsFor({ title: l.title, category: l.category, brand: l.brand });
      const { postingSlots, version } = l as ListingSummary & { postingSlots?: string[]; version?: number };
      const result = await transactWithRetry(() =>
        db.transaction
          .write(({ listing, searchPosting, listingFacet }) => [
            listing
              .patch({ listingId: l.listingId })
              .set({ status: 'ended', updatedAt: now.toISOString() })
              // The status-keyed indexes are rebuilt from these; the values are the listing's own.
              .composite({
                createdAt: l.createdAt,
                category: l.category,
                sortPriceCents: l.sortPriceCents,
                auctionEnd: l.endsAt ?? NO_AUCTION_END,
                subcategoryKey: l.subcategory || NO_SUBCATEGORY,
              })
              // The version pins the words and slots read: an edit meanwhile may have moved them.
              .where(
                (a, op) =>
                  `${op.eq(a.status, 'active')} AND ${op.eq(a.sellerId, l.sellerId)}` +
                  (version === undefined ? '' : ` AND ${op.eq(a.version, version)}`),
              )
              .commit(),
            ...postingKeysOf(l.listingId, terms, postingSlots).map((key) =>
              searchPosting
                .update(key)
                .delete({ listingIds: [l.listingId] })
                .commit(),
            ),
            ...listingFacets(l).map((facet) => listingFacet.delete(facetKey(l, facet)).commit()),
          ])
          .go(),
      );
      if (!result.canceled) return true;
      if (result.data[0]?.code === 'ConditionalCheckFailed') return false;
      throw new Error(`ending the listing was cancelled: ${cancelReasons(result)}`);
    },
  };
}
