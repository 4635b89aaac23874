import { facetShape } from '../../core/listings/browse-facets';
import type { BrowsePageQuery } from '../../core/listings/ports';
import { filteredPage, priceBounded, priceFiltered, priceFilters, readOrder } from './browse-reads';
import { readCards } from './listing-cards';
import type { Db } from './service';

/** The facet's entries in the page's order: the key slots its shape has (entities/listing-facet.ts); null for none. */
export function facetQuery(db: Db, q: BrowsePageQuery, facet: string) {
  const f = db.entities.listingFacet.query;
  const shape = facetShape(facet);
  switch (q.order) {
    case 'newest':
      if (shape === 'cond') return f.byCondTime({ condFacet: facet });
      if (shape === 'type') return f.byTypeTime({ typeFacet: facet });
      if (shape === 'both') return f.byBothTime({ bothFacet: facet });
      return null;
    case 'price-asc':
    case 'price-desc':
      if (shape === 'cond') return priceBounded(f.byCondPrice({ condFacet: facet }), q);
      if (shape === 'type') return priceBounded(f.byTypePrice({ typeFacet: facet }), q);
      if (shape === 'both') return priceBounded(f.byBothPrice({ bothFacet: facet }), q);
      return null;
    case 'ending-soon': {
      const after = { auctionEnd: q.endsAfter ?? '' };
      if (shape === 'cond') return f.byCondEnd({ condFacet: facet }).gt(after);
      if (shape === 'scope') return f.byScopeEnd({ scopeFacet: facet }).gt(after);
      // A facet naming a type is only asked for ending-soon with fixed price (auctions read the facet without it).
      return null;
    }
  }
}

/**
 * A page of a browse facet's entries (docs/decisions/013-browse-facets.md), then their cards by key. The facet keys
 * scope, condition and type; what is left (a subcategory without its category, featured, a price range under a time
 * order) filters the small entries.
 */
export async function facetPage(db: Db, q: BrowsePageQuery, facet: string) {
  const subcategoryFilter = q.subcategory !== undefined && q.category === undefined;
  const facetRead = facetQuery(db, q, facet);
  if (!facetRead) return { items: [], cursor: null };
  const query = facetRead.where((attr, op) =>
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
