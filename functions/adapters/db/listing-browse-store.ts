import { ElectroError } from 'electrodb';
import { BadRequestError } from '../../lib/errors';
import { queryFacet } from '../../core/listings/browse-facets';
import type { ListingBrowsePort } from '../../core/listings/ports';
import { termBucket } from '../../core/listings/search-terms';
import { facetPage } from './browse-facet-page';
import { listingIndexPage } from './browse-index-page';
import { readCards } from './listing-cards';
import type { Db } from './service';

/**
 * Pages (of up to 1 MB, about 35,000 ids) one query word's postings may take: with at most MAX_LOOKUP_WORDS words
 * looked up, a search reads at most 3 MB of postings. A broader prefix is checked on the listings instead.
 */
const MAX_POSTING_PAGES = 1;

/**
 * Browse and search reads over the listing indexes, the browse facets and the search postings; no path scans the table.
 */
export function listingBrowseStore(db: Db): ListingBrowsePort {
  return {
    async page(q) {
      try {
        const facet = queryFacet(q);
        return facet ? await facetPage(db, q, facet) : await listingIndexPage(db, q);
      } catch (error) {
        if (q.cursor && (error instanceof ElectroError || (error as Error).name === 'ValidationException')) {
          throw new BadRequestError('Invalid query: cursor is not a cursor this API gave out', {
            cursor: 'Invalid cursor',
          });
        }
        throw error;
      }
    },

    async idsWithWordPrefix(prefix) {
      const result = await db.entities.searchPosting.query
        .byTerm({ bucket: termBucket(prefix) })
        .begins({ term: prefix })
        .go({ pages: MAX_POSTING_PAGES, attributes: ['listingIds'] });
      const ids = new Set<string>();
      for (const posting of result.data) for (const id of posting.listingIds ?? []) ids.add(id);
      return { ids: [...ids], complete: result.cursor === null };
    },

    getMany: (ids) => readCards(db, ids),
  };
}
