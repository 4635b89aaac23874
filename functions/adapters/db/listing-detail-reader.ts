import type { FullListing, ListingReaderPort } from '../../core/listings/get-listing';
import type { Db } from './service';

/** Every field of one listing, for its page. */
export function listingDetailReader(db: Db): ListingReaderPort {
  return {
    async full(listingId) {
      return ((await db.entities.listing.get({ listingId }).go()).data as FullListing | null) ?? null;
    },
  };
}
