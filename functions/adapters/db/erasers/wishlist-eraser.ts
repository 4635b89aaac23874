import type { Eraser } from '../../../core/account-state/ports';
import type { Db } from '../service';
import { wishlistStore } from '../wishlist-store';

const PAGE = 25;

/** The user's wishlist: each item with its reverse entry and the count (as removing one does), then the count. */
export function wishlistEraser(db: Db): Eraser {
  const wishlist = wishlistStore(db);
  return {
    name: 'wishlist',
    async step(userId) {
      const { data } = await db.entities.wishlistItem.query.byUser({ userId }).go({ limit: PAGE });
      if (data.length === 0) {
        await db.entities.wishlistCount.delete({ userId }).go();
        return { done: true };
      }
      for (const { listingId } of data) await wishlist.remove(userId, listingId);
      return { done: false, cursor: null };
    },
  };
}
