import type { FeaturedPinStore } from '../../core/stores/set-featured-listings';
import type { Db } from './service';

/** The seller's pinned listings on their profile item. */
export function featuredPinStore(db: Db): FeaturedPinStore {
  const { profile } = db.entities;
  return {
    async save(sellerId, listingIds, now) {
      // Every account gets its profile when it is made; patch refuses to write one that is not there.
      const write = profile.patch({ userId: sellerId }).set({ updatedAt: now.toISOString() });
      await (
        listingIds.length > 0
          ? write.set({ featuredListingIds: [...listingIds] })
          : write.remove(['featuredListingIds'])
      ).go();
    },
  };
}
