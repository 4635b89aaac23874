import type { ListingEditStore, StoredListing } from '../../core/listings/update-listing';
import { termBucket } from '../../core/listings/search-terms';
import type { Db } from './service';

/** Listing edits: the whole item replaced at a version, its search terms changed in the same transaction. */
export function listingEditStore(db: Db): ListingEditStore {
  return {
    async get(listingId) {
      return ((await db.entities.listing.get({ listingId }).go()).data as StoredListing | null) ?? null;
    },
    async replace(next, expectedVersion, terms) {
      const result = await db.transaction
        .write(({ listing, searchTerm }) => [
          // A put rebuilds every index key (and leaves sparse indexes) from the new item, so nothing keyed goes stale.
          listing
            .put(next)
            .where(
              (a, op) =>
                `${op.eq(a.version, expectedVersion)} AND ${op.eq(a.status, 'active')} AND ${op.eq(a.sellerId, next.sellerId)}`,
            )
            .commit(),
          ...terms.remove.map((term) =>
            searchTerm.delete({ bucket: termBucket(term), term, listingId: next.listingId }).commit(),
          ),
          ...terms.add.map((term) =>
            searchTerm.put({ bucket: termBucket(term), term, listingId: next.listingId }).commit(),
          ),
        ])
        .go();
      if (!result.canceled) return true;
      if (result.data[0]?.code === 'ConditionalCheckFailed') return false;
      throw new Error(`listing edit cancelled: ${result.data.map((d) => d?.code ?? 'None').join(', ')}`);
    },
  };
}
