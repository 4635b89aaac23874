import type { ListingEditStore, StoredListing } from '../../core/listings/update-listing';
import { postingKeys } from '../../core/listings/search-terms';
import type { Db } from './service';
import { cancelReasons, transactWithRetry } from './transact';

/** Listing edits: the whole item replaced at a version, its search postings changed in the same transaction. */
export function listingEditStore(db: Db): ListingEditStore {
  return {
    async get(listingId) {
      return ((await db.entities.listing.get({ listingId }).go()).data as StoredListing | null) ?? null;
    },
    async replace(next, expectedVersion, terms) {
      const id = next.listingId;
      const result = await transactWithRetry(() =>
        db.transaction
          .write(({ listing, searchPosting }) => [
            // A put rebuilds every index key (and leaves sparse indexes) from the new item, so nothing keyed goes stale.
            listing
              .put(next)
              .where(
                (a, op) =>
                  `${op.eq(a.version, expectedVersion)} AND ${op.eq(a.status, 'active')} AND ${op.eq(a.sellerId, next.sellerId)}`,
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
          ])
          .go(),
      );
      if (!result.canceled) return true;
      if (result.data[0]?.code === 'ConditionalCheckFailed') return false;
      throw new Error(`listing edit cancelled: ${cancelReasons(result)}`);
    },
  };
}
