import type { FullListing, ListingReaderPort } from '../../core/listings/get-listing';
import { allowsDirectContact } from './seller-settings-store';
import type { Db } from './service';

/** Every field of one listing, for its page. */
export function listingDetailReader(db: Db): ListingReaderPort {
  return {
    async full(listingId) {
      return ((await db.entities.listing.get({ listingId }).go()).data as FullListing | null) ?? null;
    },
    async seller(userId) {
      const [u, p] = await Promise.all([
        db.entities.user.get({ userId }).go(),
        db.entities.profile.get({ userId }).go(),
      ]);
      if (!u.data) return null;
      return { userId, username: u.data.username, createdAt: u.data.createdAt, profile: p.data };
    },
    acceptsMessages: (userId) => allowsDirectContact(db, userId),
  };
}
