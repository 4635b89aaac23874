import { ElectroError } from 'electrodb';
import { BadRequestError } from '../../lib/errors';
import type { ListingSummary } from '../../core/listings/listing';
import type { BrowsePageQuery, ListingBrowsePort } from '../../core/listings/ports';
import { termBucket } from '../../core/listings/search-terms';
import type { Db } from './service';

/** What browse pages and search need of a listing; the rest (description, specifications, ...) stays in the table. */
export const CARD_ATTRIBUTES = [
  'listingId',
  'sellerId',
  'sellerUsername',
  'title',
  'category',
  'subcategory',
  'brand',
  'condition',
  'listingType',
  'priceCents',
  'startingBidCents',
  'buyItNowPriceCents',
  'reservePriceCents',
  'currentBidCents',
  'bidCount',
  'images',
  'status',
  'featured',
  'endsAt',
  'sortPriceCents',
  'createdAt',
] as const satisfies readonly (keyof ListingSummary)[];
// Fails to compile when ListingSummary gains a field the projection above does not read.
const _projectionCoversSummary: Record<Exclude<keyof ListingSummary, (typeof CARD_ATTRIBUTES)[number]>, never> = {};

type FilterName = 'category' | 'subcategory' | 'featured' | 'listingType' | 'condition';

/** Pages (of up to 1 MB) one query word's postings may take; a broader prefix is narrowed by the other words. */
const MAX_POSTING_PAGES = 2;

/** Most items one filtered read examines (the step doubles from twice the page size up to this). */
const MAX_FILTERED_STEP = 800;

/** Browse and search reads over the listing indexes and the search postings; no path scans the table. */
export function listingBrowseStore(db: Db): ListingBrowsePort {
  const listing = db.entities.listing;

  function indexQuery(q: BrowsePageQuery) {
    const active = { status: 'active' as const };
    switch (q.order) {
      case 'newest':
        if (q.category && q.subcategory) {
          return listing.query.bySubcategoryTime({ ...active, category: q.category, subcategoryKey: q.subcategory });
        }
        if (q.category) return listing.query.byCategoryTime({ ...active, category: q.category });
        return q.featuredOnly ? listing.query.byFeaturedTime(active) : listing.query.byStatusTime(active);
      case 'price-asc':
      case 'price-desc': {
        const byPrice =
          q.category && q.subcategory
            ? listing.query.bySubcategoryPrice({ ...active, category: q.category, subcategoryKey: q.subcategory })
            : q.category
              ? listing.query.byCategoryPrice({ ...active, category: q.category })
              : listing.query.byStatusPrice(active);
        // The price bounds are key conditions here, so the read skips what is out of range instead of filtering it.
        // The upper bound is max + 1 with no id: every key of that price sorts above it (prices are whole cents).
        const min = q.minPriceCents ?? 0;
        const max = q.maxPriceCents;
        if (max !== undefined) return byPrice.between({ sortPriceCents: min }, { sortPriceCents: max + 1 });
        return q.minPriceCents !== undefined ? byPrice.gte({ sortPriceCents: min }) : byPrice;
      }
      case 'ending-soon':
        return listing.query.byEndTime(active).gt({ auctionEnd: q.endsAfter ?? '' });
    }
  }

  return {
    async page(q) {
      const usesCategoryKey = q.order !== 'ending-soon';
      const usesSubcategoryKey = usesCategoryKey && q.category !== undefined;
      const usesFeaturedKey = q.order === 'newest' && !q.category;
      // Equality filters the chosen index's key does not already apply.
      const filters = Object.entries({
        category: q.category && !usesCategoryKey ? q.category : undefined,
        subcategory: q.subcategory && !usesSubcategoryKey ? q.subcategory : undefined,
        featured: q.featuredOnly && !usesFeaturedKey ? true : undefined,
        listingType: q.listingType,
        condition: q.condition,
      }).filter(([, value]) => value !== undefined) as [FilterName, string | boolean][];
      const priceKeyed = q.order === 'price-asc' || q.order === 'price-desc';
      const priced = !priceKeyed && (q.minPriceCents !== undefined || q.maxPriceCents !== undefined);
      const query = indexQuery(q).where((attr, op) =>
        [
          ...filters.map(([name, value]) => op.eq(attr[name] as never, value as never)),
          ...(priced && q.minPriceCents !== undefined ? [op.gte(attr.sortPriceCents, q.minPriceCents)] : []),
          ...(priced && q.maxPriceCents !== undefined ? [op.lte(attr.sortPriceCents, q.maxPriceCents)] : []),
        ].join(' AND '),
      );
      const order = q.order === 'price-asc' || q.order === 'ending-soon' ? 'asc' : 'desc';
      try {
        // Filters drop items after the read: read twice the page first, and double the step only while the filter
        // turns out selective, so a loose filter reads about what it returns and a tight one needs few round trips.
        const items: ListingSummary[] = [];
        let cursor = q.cursor ?? null;
        let step = filters.length > 0 || priced ? q.limit * 2 : q.limit;
        do {
          const result = await query.go({
            order,
            count: q.limit - items.length,
            limit: step,
            pages: 1,
            cursor,
            // A trimmed page's cursor is built from the last item's key attributes: read the derived ones too.
            attributes: [...CARD_ATTRIBUTES, 'auctionEnd', 'subcategoryKey'],
          });
          items.push(...(result.data as ListingSummary[]));
          cursor = result.cursor;
          step = Math.min(step * 2, MAX_FILTERED_STEP);
        } while (items.length < q.limit && cursor);
        return { items, cursor };
      } catch (error) {
        if (q.cursor && (error instanceof ElectroError || (error as Error).name === 'ValidationException')) {
          throw new BadRequestError('Invalid query: cursor is not a cursor this API gave out', {
            cursor: 'Invalid cursor',
          });
        }
        throw error;
      }
    },

    async idsWithWordPrefix(prefix) {
      const result = await db.entities.searchPosting.query
        .byTerm({ bucket: termBucket(prefix) })
        .begins({ term: prefix })
        .go({ pages: MAX_POSTING_PAGES, attributes: ['listingIds'] });
      const ids = new Set<string>();
      for (const posting of result.data) for (const id of posting.listingIds ?? []) ids.add(id);
      return { ids: [...ids], complete: result.cursor === null };
    },

    async getMany(ids) {
      if (ids.length === 0) return [];
      const result = await listing
        .get(ids.map((listingId) => ({ listingId })))
        .go({ concurrency: 4, attributes: [...CARD_ATTRIBUTES] });
      if (result.unprocessed.length > 0)
        throw new Error(`Batch read left ${result.unprocessed.length} listings unread`);
      return result.data as ListingSummary[];
    },
  };
}
