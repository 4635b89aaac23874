import type { ListingEditStore, StoredListing } from '../../core/listings/update-listing';
import { facetChanges } from '../../core/listings/browse-facets';
import { facetEntry, facetKey } from './listing-facets';
import {
  DEFAULT_POSTINGS,
  keptSlots,
  postingKeysOf,
  transactAddingPostings,
  type PostingOptions,
} from './posting-chunks';
import type { Db } from './service';
import { cancelReasons } from './transact';

/** Listing edits: the whole item replaced at a version, its search postings and facets changed in the same transaction. */
export function listingEditStore(db: Db, postings: PostingOptions = DEFAULT_POSTINGS): ListingEditStore {
  return {
    async get(listingId) {
      return ((await db.entities.listing.get({ listingId }).go()).data as StoredListing | null) ?? null;
    },
    async replace(next, current, terms) {
      const id = next.listingId;
      // Every facet item is rewritten: its price or auction end may have changed with the listing.
      const facets = facetChanges(current, next);
      // get() reads the whole item: where the id sits in its words' postings comes with it.
      const slots = (current as StoredListing & { postingSlots?: Set<string> | string[] }).postingSlots;
      const kept = keptSlots(slots, terms.remove);
      const result = await transactAddingPostings(db, postings, id, terms.add, (placed) =>
        db.transaction
          .write(({ listing, searchPosting, listingFacet }) => [
            // A put rebuilds every index key (and leaves sparse indexes) from the new item, so nothing keyed goes stale.
            listing
              .put(withSlots(next, [...kept, ...placed.slots]))
              // Sales and reservations move stock without touching the version: the put carries the counts read, so
              // it only lands while they are still those (or absent, on listings older than reservations).
              .where(
                (a, op) =>
                  `${op.eq(a.version, current.version)} AND ${op.eq(a.status, 'active')} AND ${op.eq(a.sellerId, next.sellerId)}` +
                  ` AND ${op.eq(a.quantitySold, current.quantitySold)}` +
                  ` AND (${op.eq(a.quantityReserved, current.quantityReserved ?? 0)}${
                    current.quantityReserved ? '' : ` OR ${op.notExists(a.quantityReserved)}`
                  })`,
              )
              .commit(),
            ...postingKeysOf(id, terms.remove, slots).map((key) =>
              searchPosting
                .update(key)
                .delete({ listingIds: [id] })
                .commit(),
            ),
            ...facets.remove.map((group) => listingFacet.delete(facetKey(current, group)).commit()),
            ...facets.put.map((group) => listingFacet.put(facetEntry(next, group)).commit()),
            ...placed.adds(searchPosting),
          ])
          .go(),
      );
      if (!result.canceled) return true;
      if (result.data[0]?.code === 'ConditionalCheckFailed') return false;
      throw new Error(`listing edit cancelled: ${cancelReasons(result)}`);
    },
  };
}

const withSlots = (listing: StoredListing, slots: string[]) =>
  slots.length > 0 ? { ...listing, postingSlots: slots } : listing;
