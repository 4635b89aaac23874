import { listingFacets, type FacetSource } from '../../core/listings/browse-facets';
import { NO_AUCTION_END } from './entities/listing';
import type { Db } from './service';

/** What a listing's facet entries are made of. */
export type FacetedListing = FacetSource & {
  listingId: string;
  createdAt: string;
  sortPriceCents: number;
  endsAt?: string | undefined;
  featured?: boolean | undefined;
};

export function facetKey(l: FacetedListing, facet: string) {
  return { facet, createdAt: l.createdAt, listingId: l.listingId };
}

export function facetEntry(l: FacetedListing, facet: string) {
  return {
    ...facetKey(l, facet),
    sortPriceCents: l.sortPriceCents,
    auctionEnd: l.endsAt ?? NO_AUCTION_END,
    ...(l.subcategory ? { subcategory: l.subcategory } : {}),
    featured: l.featured === true,
  };
}

const BATCH_ATTEMPTS = 5;

/** Bulk facet writes outside the request path (seeding, rebuilds, bench data), retrying what DynamoDB leaves over. */
export async function putFacetEntries(db: Db, listings: readonly FacetedListing[]): Promise<void> {
  const entries = listings.flatMap((l) => listingFacets(l).map((f) => facetEntry(l, f)));
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
  const keys = listings.flatMap((l) => listingFacets(l).map((f) => facetKey(l, f)));
  for (let i = 0; i < keys.length; i += 2_500) {
    const { unprocessed } = await db.entities.listingFacet.delete(keys.slice(i, i + 2_500)).go({ concurrency: 8 });
    if (unprocessed.length > 0) throw new Error(`${unprocessed.length} facet entries were not deleted`);
  }
}
