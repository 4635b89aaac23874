import type { ListingWriter } from '../../core/listings/create-listing';
import { termBucket } from '../../core/listings/search-terms';
import type { Db } from './service';

/** New listings with their search-term items, all or nothing. */
export function listingWriter(db: Db): ListingWriter {
  return {
    async create(listing, terms) {
      const result = await db.transaction
        .write(({ listing: l, searchTerm: t }) => [
          l.create(listing).commit(),
          ...terms.map((term) => t.put({ bucket: termBucket(term), term, listingId: listing.listingId }).commit()),
        ])
        .go();
      if (result.canceled) {
        throw new Error(`listing transaction cancelled: ${result.data.map((d) => d?.code ?? 'None').join(', ')}`);
      }
    },
  };
}
