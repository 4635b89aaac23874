import { usernameKey } from '../../../shared/domain/username';
import type { StorePagePort } from '../../core/listings/store-page';
import { sellerListingStore } from './seller-listing-store';
import type { Db } from './service';

/** Username guard -> user -> profile, and the seller's listings from their index. */
export function storePageStore(db: Db): StorePagePort {
  const { username, user, profile } = db.entities;
  return {
    async ownerByUsername(name) {
      const guard = (await username.get({ usernameLower: usernameKey(name) }).go()).data;
      if (!guard) return null;
      const [u, p] = await Promise.all([
        user.get({ userId: guard.userId }).go(),
        profile.get({ userId: guard.userId }).go(),
      ]);
      if (!u.data) return null;
      return { userId: u.data.userId, username: u.data.username, createdAt: u.data.createdAt, profile: p.data };
    },
    bySeller: (sellerId) => sellerListingStore(db).bySeller(sellerId),
  };
}
