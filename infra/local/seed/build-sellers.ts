import type { CreateEntityItem } from 'electrodb';
import type { profileEntity } from '../../../functions/adapters/db/entities/profile';
import type { userEntity, usernameEntity, walletEntity } from '../../../functions/adapters/db/entities/user';
import { SELLERS } from './data/sellers';
import type { SellerSeed } from './data/types';
import { createPrng } from './prng';
import { sellerWallet } from './seller-wallets';

/** Its own seed, so adding listings never changes the sellers' ids or wallets. */
const SELLER_SEED = 0x5e11e75;

export interface BuiltSeller {
  seed: SellerSeed;
  user: CreateEntityItem<ReturnType<typeof userEntity>>;
  username: CreateEntityItem<ReturnType<typeof usernameEntity>>;
  wallet: CreateEntityItem<ReturnType<typeof walletEntity>>;
  profile: CreateEntityItem<ReturnType<typeof profileEntity>>;
}

export function avatarKey(userId: string): string {
  return `profiles/${userId}/avatar.webp`;
}

export function bannerKey(userId: string): string {
  return `profiles/${userId}/banner.webp`;
}

/**
 * Demo sellers: user, the two uniqueness guards and a seller profile. Ids and wallets depend only on the data
 * (fixed join dates and a fixed seed), so they are the same whenever and however often the seed runs.
 */
export function buildSellers(now: Date, sellers: readonly SellerSeed[] = SELLERS): BuiltSeller[] {
  const prng = createPrng(SELLER_SEED);
  const nowIso = now.toISOString();
  return sellers.map((s) => {
    const userId = prng.ulid(Date.parse(s.joinedAt));
    // The stream keeps its old shape (ids after this seller's stay as they were); the address is the seller's wallet.
    prng.bytes(20);
    const walletAddress = sellerWallet(s.username).classicAddress;
    return {
      seed: s,
      user: { userId, walletAddress, username: s.username, role: 'user', createdAt: s.joinedAt, updatedAt: nowIso },
      username: { usernameLower: s.username.toLowerCase(), userId },
      wallet: { walletAddress, userId },
      profile: {
        userId,
        fullName: s.fullName,
        bio: s.bio,
        avatarKey: avatarKey(userId),
        storeName: s.storeName,
        storeDescription: s.storeDescription,
        storeBannerKey: bannerKey(userId),
        storeTheme: s.storeTheme,
        isSeller: true,
        isVerified: s.isVerified,
        location: `${s.place.city}, ${s.place.state}`,
        returnPolicy: s.returnPolicy,
        // Set from the stored reviews by buildReviews.
        ratingSum: 0,
        ratingCount: 0,
        salesCount: s.salesCount,
        createdAt: s.joinedAt,
        updatedAt: nowIso,
      },
    };
  });
}
