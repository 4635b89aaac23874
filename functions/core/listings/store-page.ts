import type { Store } from '../../../shared/api/stores';
import { storeThemeOf } from '../../../shared/domain/store-themes';
import { NotFoundError } from '../../lib/errors';
import { featuredOf } from '../stores/featured-listings';
import type { ListingSummary } from './listing';
import { toListingCard, type MediaUrl } from './to-card';

export interface StoreOwner {
  userId: string;
  username: string;
  createdAt: string;
  profile: {
    avatarKey?: string;
    storeBannerKey?: string;
    storeName?: string;
    storeDescription?: string;
    bio?: string;
    isSeller?: boolean;
    /** An administrator's 'Verified Seller' mark (decision 069). */
    isVerified?: boolean;
    ratingSum?: number;
    ratingCount?: number;
    salesCount?: number;
    followerCount?: number;
    location?: string;
    storeTheme?: string;
    featuredListingIds?: string[];
  } | null;
}

export interface StorePagePort {
  /** The user by username (any case), with their profile; null when nobody has it. */
  ownerByUsername(username: string): Promise<StoreOwner | null>;
  /** The seller's listings, newest first. */
  bySeller(sellerId: string): Promise<ListingSummary[]>;
}

/** One decimal, as the store page shows it. */
export function averageRating(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : null;
}

export async function getStorePage(
  username: string,
  port: StorePagePort,
  mediaUrl: MediaUrl,
): Promise<Omit<Store, 'unresolvedReturn' | 'isFollowing' | 'contact' | 'deactivated' | 'storeStatus'>> {
  const owner = await port.ownerByUsername(username);
  if (!owner) throw new NotFoundError('User Not Found');
  const p = owner.profile ?? {};
  const listings = (await port.bySeller(owner.userId)).filter((l) => l.status === 'active');
  const featured = featuredOf(listings, p.featuredListingIds);
  return {
    userId: owner.userId,
    username: owner.username,
    avatarUrl: p.avatarKey ? mediaUrl(p.avatarKey) : null,
    bannerUrl: p.storeBannerKey ? mediaUrl(p.storeBannerKey) : null,
    storeName: p.storeName ?? null,
    storeDescription: p.storeDescription ?? null,
    bio: p.bio ?? null,
    isSeller: p.isSeller ?? false,
    verified: p.isVerified ?? false,
    rating: averageRating(p.ratingSum ?? 0, p.ratingCount ?? 0),
    reviewCount: p.ratingCount ?? 0,
    salesCount: p.salesCount ?? 0,
    followerCount: p.followerCount ?? 0,
    location: p.location ?? null,
    joinedAt: owner.createdAt,
    listings: listings.map((l) => toListingCard(l, mediaUrl)),
    theme: storeThemeOf(p.storeTheme),
    featured: featured.items.map((l) => toListingCard(l, mediaUrl)),
    featuredPinned: featured.pinned,
  };
}
