import type { ListingWriter } from '../../core/listings/create-listing';
import { facetEntries } from './listing-facets';
import { DEFAULT_POSTINGS, transactAddingPostings, type PostingOptions } from './posting-chunks';
import type { Db } from './service';
import { cancelReasons } from './transact';

/** A new listing, its id in the search postings of its words and its browse facet entries, all or nothing. */
export function listingWriter(db: Db, postings: PostingOptions = DEFAULT_POSTINGS): ListingWriter {
  return {
    async create(listing, terms) {
      const result = await transactAddingPostings(db, postings, listing.listingId, terms, (placed) =>
        db.transaction
          .write(({ listing: l, searchPosting: p, listingFacet: f }) => [
            l.create(placed.slots.length > 0 ? { ...listing, postingSlots: placed.slots } : listing).commit(),
            ...facetEntries(listing).map((entry) => f.put(entry).commit()),
            ...placed.adds(p),
          ])
          .go(),
      );
      if (result.canceled) throw new Error(`listing transaction cancelled: ${cancelReasons(result)}`);
    },
  };
}
