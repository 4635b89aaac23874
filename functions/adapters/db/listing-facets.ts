import { facetGroups, type FacetGroup, type FacetSource } from '../../core/listings/browse-facets';
import { NO_AUCTION_END } from './entities/listing';
import { NO_SCOPE_FACET } from './entities/listing-facet';
import type { Db } from './service';

/** What a listing's facet entries are made of. */
export type FacetedListing = FacetSource & {
  listingId: string;
  createdAt: string;
  sortPriceCents: number;
  endsAt?: string | undefined;
  featured?: boolean | undefined;
};

/** The key of the listing's facet item for one scope (its group's condition facet). */
export function facetKey(l: FacetedListing, group: FacetGroup) {
  return { condFacet: group.cond, createdAt: l.createdAt, listingId: l.listingId };
}

/** The listing's facet item for one scope: its facets by shape and the values they sort and filter by. */
export function facetEntry(l: FacetedListing, group: FacetGroup) {
  return {
    ...facetKey(l, group),
    typeFacet: group.type,
    bothFacet: group.both,
    scopeFacet: group.scopeOnly ?? NO_SCOPE_FACET,
    sortPriceCents: l.sortPriceCents,
    auctionEnd: l.endsAt ?? NO_AUCTION_END,
    ...(l.subcategory ? { subcategory: l.subcategory } : {}),
    featured: l.featured === true,
  };
}

/** Every facet item of the listing as it is now (one per scope). */
export const facetEntries = (l: FacetedListing) => facetGroups(l).map((g) => facetEntry(l, g));

const BATCH_ATTEMPTS = 5;

/** Bulk facet writes outside the request path (seeding, rebuilds, bench data), retrying what DynamoDB leaves over. */
export async function putFacetEntries(db: Db, listings: readonly FacetedListing[]): Promise<void> {
  const entries = listings.flatMap(facetEntries);
  for (let i = 0; i < entries.length; i += 2_500) {
    const part = entries.slice(i, i + 2_500);
    // Puts are idempotent: a part with leftovers is simply sent again.
    for (let attempt = 1; ; attempt++) {
      const { unprocessed } = await db.entities.listingFacet.put(part).go({ concurrency: 8 });
      if (unprocessed.length === 0) break;
      if (attempt === BATCH_ATTEMPTS) throw new Error(`${unprocessed.length} facet entries were not written`);
    }
  }
}

export async function deleteFacetEntries(db: Db, listings: readonly FacetedListing[]): Promise<void> {
  const keys = listings.flatMap((l) => facetGroups(l).map((g) => facetKey(l, g)));
  for (let i = 0; i < keys.length; i += 2_500) {
    const { unprocessed } = await db.entities.listingFacet.delete(keys.slice(i, i + 2_500)).go({ concurrency: 8 });
    if (unprocessed.length > 0) throw new Error(`${unprocessed.length} facet entries were not deleted`);
  }
}
