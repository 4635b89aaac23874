import type { ListingEditStore, StoredListing } from '../../core/listings/update-listing';
import { facetChanges } from '../../core/listings/browse-facets';
import { postingKeys } from '../../core/listings/search-terms';
import { facetEntry, facetKey } from './listing-facets';
import type { Db } from './service';
import { cancelReasons, transactWithRetry } from './transact';

/** Listing edits: the whole item replaced at a version, its search postings and facets changed in the same transaction. */
export function listingEditStore(db: Db): ListingEditStore {
  return {
    async get(listingId) {
      return ((await db.entities.listing.get({ listingId }).go()).data as StoredListing | null) ?? null;
    },
    async replace(next, current, terms) {
      const id = next.listingId;
      // Every facet entry is rewritten: its price or auction end may have changed with the listing.
      const facets = facetChanges(current, next);
      const result = await transactWithRetry(() =>
        db.transaction
          .write(({ listing, searchPosting, listingFacet }) => [
            // A put rebuilds every index key (and leaves sparse indexes) from the new item, so nothing keyed goes stale.
            listing
              .put(next)
              .where(
                (a, op) =>
                  `${op.eq(a.version, current.version)} AND ${op.eq(a.status, 'active')} AND ${op.eq(a.sellerId, next.sellerId)}`,
              )
              .commit(),
            ...postingKeys(id, terms.remove).map((key) =>
              searchPosting
                .update(key)
                .delete({ listingIds: [id] })
                .commit(),
            ),
            ...postingKeys(id, terms.add).map((key) =>
              searchPosting
                .update(key)
                .add({ listingIds: [id] })
                .commit(),
            ),
            ...facets.remove.map((facet) => listingFacet.delete(facetKey(current, facet)).commit()),
            ...facets.put.map((facet) => listingFacet.put(facetEntry(next, facet)).commit()),
          ])
          .go(),
      );
      if (!result.canceled) return true;
      if (result.data[0]?.code === 'ConditionalCheckFailed') return false;
      throw new Error(`listing edit cancelled: ${cancelReasons(result)}`);
    },
  };
}
