import type { BrowsePageQuery } from '../../core/listings/ports';
import { filteredPage, priceBounded, priceFiltered, priceFilters, readOrder } from './browse-reads';
import { readCards } from './listing-cards';
import type { Db } from './service';

function facetQuery(db: Db, q: BrowsePageQuery, facet: string) {
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
 * A page of a browse facet's entries (docs/decisions/013-browse-facets.md), then their cards by key. The facet keys
 * scope, condition and type; what is left (a subcategory without its category, featured, a price range under a time
 * order) filters the small entries.
 */
export async function facetPage(db: Db, q: BrowsePageQuery, facet: string) {
  const subcategoryFilter = q.subcategory !== undefined && q.category === undefined;
  const query = facetQuery(db, q, facet).where((attr, op) =>
    [
      ...(subcategoryFilter ? [op.eq(attr.subcategory, q.subcategory!)] : []),
      ...(q.featuredOnly ? [op.eq(attr.featured, true)] : []),
      ...priceFilters(q, attr.sortPriceCents, op),
    ].join(' AND '),
  );
  const filtered = subcategoryFilter || q.featuredOnly || priceFiltered(q);
  const page = await filteredPage((o) => query.go({ order: readOrder(q), ...o, pages: 1 }), q, filtered);
  const ids = (page.items as { listingId: string }[]).map((e) => e.listingId);
  const byId = new Map((await readCards(db, ids)).map((l) => [l.listingId, l]));
  // An entry can outlive its listing's status for the moment an index lags; only active listings are shown.
  const items = ids.flatMap((id) => {
    const l = byId.get(id);
    return l && l.status === 'active' ? [l] : [];
  });
  return { items, cursor: page.cursor };
}
