import type { ListingCondition, ListingType } from '../../../shared/domain/listing';
import type { BrowsePageQuery } from './ports';

/**
 * Browse facets: the narrowings a browse page can key on, each `scope|condition|type` with `*` for "any", the scope
 * being all listings, a category or a category's subcategory. An active listing is listed under every facet that
 * describes it (but the unnarrowed `*|*|*`, which the listing's own indexes serve), so a page filtered by condition or
 * type is one key read however rare the match, instead of a filtered read of a broader index. See
 * docs/decisions/013-browse-facets.md.
 */
const ANY = '*';

export interface FacetSource {
  category: string;
  subcategory?: string | undefined;
  condition: ListingCondition;
  listingType: ListingType;
}

function facetKey(scope: string, condition: string, listingType: string): string {
  return `${scope}|${condition}|${listingType}`;
}

/**
 * Every facet an active listing is listed under. A facet of scope alone (`Photography|*|*`) is only read for
 * ending-soon, which lists auctions, so a fixed-price listing is left out of those.
 */
export function listingFacets(l: FacetSource): string[] {
  const scopes = [ANY, l.category, ...(l.subcategory ? [`${l.category}/${l.subcategory}`] : [])];
  const facets: string[] = [];
  for (const scope of scopes) {
    for (const condition of [ANY, l.condition]) {
      for (const type of [ANY, l.listingType]) {
        const scopeOnly = condition === ANY && type === ANY;
        if (scopeOnly && (scope === ANY || l.listingType !== 'auction')) continue;
        facets.push(facetKey(scope, condition, type));
      }
    }
  }
  return facets;
}

/**
 * The facet a browse page is read from, or undefined when one of the listing's own indexes keys it already: newest and
 * price orders of any scope, and ending-soon of all listings (that index holds only auctions).
 */
export function queryFacet(q: BrowsePageQuery): string | undefined {
  const scope = q.category ? (q.subcategory ? `${q.category}/${q.subcategory}` : q.category) : ANY;
  const condition = q.condition ?? ANY;
  // Ending-soon lists auctions only, so asking for auctions there narrows nothing.
  const type = q.order === 'ending-soon' && q.listingType === 'auction' ? ANY : (q.listingType ?? ANY);
  if (condition === ANY && type === ANY && (q.order !== 'ending-soon' || scope === ANY)) return undefined;
  return facetKey(scope, condition, type);
}

/**
 * Which of a scope's facets this is: narrowed by condition (`cond`), by type (`type`), by both, or by neither (`scope`,
 * only read for ending-soon). Each shape has its own key slots on a listing's facet group (decision 013's addendum).
 */
export type FacetShape = 'cond' | 'type' | 'both' | 'scope';

export function facetShape(facet: string): FacetShape {
  const [, condition, type] = facet.split('|');
  if (condition !== ANY) return type !== ANY ? 'both' : 'cond';
  return type !== ANY ? 'type' : 'scope';
}

/** A listing's facets of one scope, by shape: they share the listing's sort values, so one item holds them all. */
export interface FacetGroup {
  scope: string;
  cond: string;
  type: string;
  both: string;
  /** The scope-alone facet (`scope|*|*`). */
  scopeOnly?: string;
}

/**
 * The listing's facets (listingFacets) grouped by scope: every scope has its condition, type and both facets (the
 * condition one keys the group); the scope-alone one only for auctions under a category.
 */
export function facetGroups(l: FacetSource): FacetGroup[] {
  const groups = new Map<string, FacetGroup>();
  for (const facet of listingFacets(l)) {
    const scope = facet.slice(0, facet.indexOf('|'));
    const group = groups.get(scope) ?? { scope, cond: '', type: '', both: '' };
    const shape = facetShape(facet);
    group[shape === 'scope' ? 'scopeOnly' : shape] = facet;
    groups.set(scope, group);
  }
  return [...groups.values()];
}

/** Facet groups to (re)write for the listing as it is now, and those it has left (their keys changed). */
export function facetChanges(before: FacetSource, after: FacetSource): { put: FacetGroup[]; remove: FacetGroup[] } {
  const put = facetGroups(after);
  const kept = new Set(put.map((g) => g.cond));
  return { put, remove: facetGroups(before).filter((g) => !kept.has(g.cond)) };
}
