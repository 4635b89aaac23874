import { listingFacets } from '../../core/listings/browse-facets';
import type { ListingWriter } from '../../core/listings/create-listing';
import { postingKeys } from '../../core/listings/search-terms';
import { facetEntry } from './listing-facets';
import type { Db } from './service';
import { cancelReasons, transactWithRetry } from './transact';

/** A new listing, its id in the search postings of its words and its browse facet entries, all or nothing. */
export function listingWriter(db: Db): ListingWriter {
  return {
    async create(listing, terms) {
      const result = await transactWithRetry(() =>
        db.transaction
          .write(({ listing: l, searchPosting: p, listingFacet: f }) => [
            l.create(listing).commit(),
            ...listingFacets(listing).map((facet) => f.put(facetEntry(listing, facet)).commit()),
            ...postingKeys(listing.listingId, terms).map((key) =>
              p
                .update(key)
                .add({ listingIds: [listing.listingId] })
                .commit(),
            ),
          ])
          .go(),
      );
      if (result.canceled) throw new Error(`listing transaction cancelled: ${cancelReasons(result)}`);
    },
  };
}
