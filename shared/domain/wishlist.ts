import type { ListingType } from './listing';

/** Spec part 2 constants: an auction is Ending Soon when it ends within the next 24 hours. */
export const ENDING_SOON_MS = 24 * 60 * 60 * 1000;

/** What the tiles read of a saved listing (null once the listing is gone). */
export interface SavedForStats {
  listing: { listingType: ListingType; endsAt: string | null; status: 'active' | 'sold' | 'ended' } | null;
}

export interface WishlistStats {
  /** Every saved item, gone ones too (they are still on the list). */
  saved: number;
  /** Running auctions whose end is at most 24 hours away. */
  endingSoon: number;
  /** Auctions still taking bids: active and their end still ahead. */
  activeAuctions: number;
}

/** Spec part 2 Wishlist page stat tiles: Items Saved, Ending Soon, Active Auctions. */
export function wishlistStats(items: readonly SavedForStats[], nowMs: number): WishlistStats {
  let endingSoon = 0;
  let activeAuctions = 0;
  for (const { listing: l } of items) {
    if (l?.listingType !== 'auction' || l.status !== 'active' || l.endsAt === null) continue;
    const left = Date.parse(l.endsAt) - nowMs;
    if (!(left > 0)) continue;
    activeAuctions += 1;
    if (left <= ENDING_SOON_MS) endingSoon += 1;
  }
  return { saved: items.length, endingSoon, activeAuctions };
}
