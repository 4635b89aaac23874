import { ElectroError } from 'electrodb';
import { BadRequestError } from '../../lib/errors';
import { queryFacet } from '../../core/listings/browse-facets';
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
type ReadPage = { data: unknown[]; cursor: string | null };

/** Pages (of up to 1 MB) one query word's postings may take; a broader prefix is narrowed by the other words. */
const MAX_POSTING_PAGES = 2;

/** Most items one filtered read examines (the step doubles from twice the page size up to this). */
const MAX_FILTERED_STEP = 800;

interface PriceKeyed {
  between(from: { sortPriceCents: number }, to: { sortPriceCents: number }): unknown;
  gte(from: { sortPriceCents: number }): unknown;
}

/**
 * The price bounds as key conditions, so the read skips what is out of range instead of filtering it. The upper bound
 * is max + 1 with no id: every key of that price sorts above it (prices are whole cents).
 */
function priceBounded<I extends PriceKeyed>(
  byPrice: I,
  q: BrowsePageQuery,
): I | ReturnType<I['between']> | ReturnType<I['gte']> {
  const min = q.minPriceCents ?? 0;
  if (q.maxPriceCents !== undefined)
    return byPrice.between({ sortPriceCents: min }, { sortPriceCents: q.maxPriceCents + 1 }) as ReturnType<
      I['between']
    >;
  return q.minPriceCents !== undefined ? (byPrice.gte({ sortPriceCents: min }) as ReturnType<I['gte']>) : byPrice;
}

/** Browse and search reads over the listing indexes, the browse facets and the search postings; no path scans the table. */
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
        return priceBounded(byPrice, q);
      }
      case 'ending-soon':
        return listing.query.byEndTime(active).gt({ auctionEnd: q.endsAfter ?? '' });
    }
  }

  function facetQuery(q: BrowsePageQuery, facet: string) {
    const f = db.entities.listingFacet.query;
    switch (q.order) {
      case 'newest':
        return f.byFacetTime({ facet });
      case 'price-asc':
      case 'price-desc':
        return priceBounded(f.byFacetPrice({ facet }), q);
      case 'ending-soon':
        return f.byFacetEnd({ facet }).gt({ auctionEnd: q.endsAfter ?? '' });
    }
  }

  /**
   * Reads one page of up to `limit` items that pass the filters: twice the page first, then doubling the step only
   * while the filter turns out selective, so a loose filter reads about what it returns and a tight one needs few
   * round trips. `count` trims the last read at the last item kept, which the cursor then points at.
   */
  async function filteredPage(
    read: (options: { count: number; limit: number; cursor: string | null }) => Promise<ReadPage>,
    q: BrowsePageQuery,
    filtered: boolean,
  ) {
    const items: unknown[] = [];
    let cursor = q.cursor ?? null;
    let step = filtered ? q.limit * 2 : q.limit;
    do {
      const result = await read({ count: q.limit - items.length, limit: step, cursor });
      items.push(...result.data);
      cursor = result.cursor;
      step = Math.min(step * 2, MAX_FILTERED_STEP);
    } while (items.length < q.limit && cursor);
    return { items, cursor };
  }

  const orderOf = (q: BrowsePageQuery) => (q.order === 'price-asc' || q.order === 'ending-soon' ? 'asc' : 'desc');
  const priceFiltered = (q: BrowsePageQuery) =>
    q.order !== 'price-asc' &&
    q.order !== 'price-desc' &&
    (q.minPriceCents !== undefined || q.maxPriceCents !== undefined);

  /** A page of one of the listing's own indexes, with the filters its key does not apply. */
  async function listingIndexPage(q: BrowsePageQuery) {
    const usesCategoryKey = q.order !== 'ending-soon';
    const usesSubcategoryKey = usesCategoryKey && q.category !== undefined;
    const usesFeaturedKey = q.order === 'newest' && !q.category;
    const filters = Object.entries({
      category: q.category && !usesCategoryKey ? q.category : undefined,
      subcategory: q.subcategory && !usesSubcategoryKey ? q.subcategory : undefined,
      featured: q.featuredOnly && !usesFeaturedKey ? true : undefined,
      listingType: q.listingType,
      condition: q.condition,
    }).filter(([, value]) => value !== undefined) as [FilterName, string | boolean][];
    const priced = priceFiltered(q);
    const query = indexQuery(q).where((attr, op) =>
      [
        ...filters.map(([name, value]) => op.eq(attr[name] as never, value as never)),
        ...(priced && q.minPriceCents !== undefined ? [op.gte(attr.sortPriceCents, q.minPriceCents)] : []),
        ...(priced && q.maxPriceCents !== undefined ? [op.lte(attr.sortPriceCents, q.maxPriceCents)] : []),
      ].join(' AND '),
    );
    const page = await filteredPage(
      (o) =>
        query.go({
          order: orderOf(q),
          ...o,
          pages: 1,
          // A trimmed page's cursor is built from the last item's key attributes: read the derived ones too.
          attributes: [...CARD_ATTRIBUTES, 'auctionEnd', 'subcategoryKey'],
        }),
      q,
      filters.length > 0 || priced,
    );
    return { items: page.items as ListingSummary[], cursor: page.cursor };
  }

  /**
   * A page of a facet's entries, then their listings by key. The facet keys scope, condition and type; what is left
   * (a subcategory without its category, featured, a price range under a time order) filters the small entries.
   */
  async function facetPage(q: BrowsePageQuery, facet: string) {
    const priced = priceFiltered(q);
    const subcategoryFilter = q.subcategory !== undefined && q.category === undefined;
    const query = facetQuery(q, facet).where((attr, op) =>
      [
        ...(subcategoryFilter ? [op.eq(attr.subcategory, q.subcategory!)] : []),
        ...(q.featuredOnly ? [op.eq(attr.featured, true)] : []),
        ...(priced && q.minPriceCents !== undefined ? [op.gte(attr.sortPriceCents, q.minPriceCents)] : []),
        ...(priced && q.maxPriceCents !== undefined ? [op.lte(attr.sortPriceCents, q.maxPriceCents)] : []),
      ].join(' AND '),
    );
    const page = await filteredPage(
      (o) => query.go({ order: orderOf(q), ...o, pages: 1 }),
      q,
      subcategoryFilter || q.featuredOnly || priced,
    );
    const ids = (page.items as { listingId: string }[]).map((e) => e.listingId);
    const byId = new Map((await getMany(ids)).map((l) => [l.listingId, l]));
    // An entry can outlive its listing's status for the moment an index lags; only active listings are shown.
    const items = ids.flatMap((id) => {
      const l = byId.get(id);
      return l && l.status === 'active' ? [l] : [];
    });
    return { items, cursor: page.cursor };
  }

  async function getMany(ids: readonly string[]): Promise<ListingSummary[]> {
    if (ids.length === 0) return [];
    const result = await listing
      .get(ids.map((listingId) => ({ listingId })))
      .go({ concurrency: 4, attributes: [...CARD_ATTRIBUTES] });
    if (result.unprocessed.length > 0) throw new Error(`Batch read left ${result.unprocessed.length} listings unread`);
    return result.data as ListingSummary[];
  }

  return {
    async page(q) {
      try {
        const facet = queryFacet(q);
        return facet ? await facetPage(q, facet) : await listingIndexPage(q);
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

    getMany,
  };
}
