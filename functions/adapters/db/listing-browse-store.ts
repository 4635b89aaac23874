import { ElectroError } from 'electrodb';
import { BadRequestError } from '../../lib/errors';
import type { ListingRecord } from '../../core/listings/listing';
import type { BrowsePageQuery, ListingBrowsePort } from '../../core/listings/ports';
import { termBucket } from '../../core/listings/search-terms';
import type { Db } from './service';

/** Browse and search reads over the listing indexes and the search-term items; no path scans the table. */
export function listingBrowseStore(db: Db): ListingBrowsePort {
  const listing = db.entities.listing;

  function indexQuery(q: BrowsePageQuery) {
    const active = { status: 'active' as const };
    switch (q.order) {
      case 'newest':
        if (q.category) return listing.query.byCategoryTime({ ...active, category: q.category });
        return q.featuredOnly ? listing.query.byFeaturedTime(active) : listing.query.byStatusTime(active);
      case 'price-asc':
      case 'price-desc':
        return q.category
          ? listing.query.byCategoryPrice({ ...active, category: q.category })
          : listing.query.byStatusPrice(active);
      case 'ending-soon':
        return listing.query.byEndTime(active).gt({ auctionEnd: q.endsAfter ?? '' });
    }
  }

  return {
    async page(q) {
      const usesCategoryKey = q.order !== 'ending-soon';
      const usesFeaturedKey = q.order === 'newest' && !q.category;
      const query = indexQuery(q).where((attr, op) =>
        [
          q.category && !usesCategoryKey ? op.eq(attr.category, q.category) : '',
          q.subcategory ? op.eq(attr.subcategory, q.subcategory) : '',
          q.featuredOnly && !usesFeaturedKey ? op.eq(attr.featured, true) : '',
          q.listingType ? op.eq(attr.listingType, q.listingType) : '',
        ]
          .filter(Boolean)
          .join(' AND '),
      );
      const order = q.order === 'price-asc' || q.order === 'ending-soon' ? 'asc' : 'desc';
      try {
        const result = await query.go({ order, count: q.limit, cursor: q.cursor ?? null });
        return { items: result.data as ListingRecord[], cursor: result.cursor };
      } catch (error) {
        if (q.cursor && (error instanceof ElectroError || (error as Error).name === 'ValidationException')) {
          throw new BadRequestError('Invalid query: cursor is not a cursor this API gave out', {
            cursor: 'Invalid cursor',
          });
        }
        throw error;
      }
    },

    async idsWithWordPrefix(prefix, max) {
      const result = await db.entities.searchTerm.query
        .byTerm({ bucket: termBucket(prefix) })
        .begins({ term: prefix })
        .go({ count: max, attributes: ['listingId'] });
      return [...new Set(result.data.map((t) => t.listingId))];
    },

    async getMany(ids) {
      if (ids.length === 0) return [];
      const result = await listing.get(ids.map((listingId) => ({ listingId }))).go({ concurrency: 4 });
      if (result.unprocessed.length > 0)
        throw new Error(`Batch read left ${result.unprocessed.length} listings unread`);
      return result.data as ListingRecord[];
    },
  };
}
