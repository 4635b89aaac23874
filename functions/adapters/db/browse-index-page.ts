import type { ListingSummary } from '../../core/listings/listing';
import type { BrowsePageQuery } from '../../core/listings/ports';
import { filteredPage, priceBounded, priceFiltered, priceFilters, readOrder } from './browse-reads';
import { CARD_ATTRIBUTES } from './listing-cards';
import type { Db } from './service';

type FilterName = 'category' | 'subcategory' | 'featured' | 'listingType' | 'condition';

function indexQuery(db: Db, q: BrowsePageQuery) {
  const listing = db.entities.listing;
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

/** A page of one of the listing's own indexes (status, category, subcategory), with the filters its key leaves. */
export async function listingIndexPage(db: Db, q: BrowsePageQuery) {
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
  const query = indexQuery(db, q).where((attr, op) =>
    [
      ...filters.map(([name, value]) => op.eq(attr[name] as never, value as never)),
      ...priceFilters(q, attr.sortPriceCents, op),
    ].join(' AND '),
  );
  const page = await filteredPage(
    (o) =>
      query.go({
        order: readOrder(q),
        ...o,
        pages: 1,
        // A trimmed page's cursor is built from the last item's key attributes: read the derived ones too.
        attributes: [...CARD_ATTRIBUTES, 'auctionEnd', 'subcategoryKey'],
      }),
    q,
    filters.length > 0 || priceFiltered(q),
  );
  return { items: page.items as ListingSummary[], cursor: page.cursor };
}
