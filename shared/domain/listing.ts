/** Listing constants from the spec (part 1 entities; part 3 entities, states and business constants). */
export const LISTING_TYPES = ['fixed', 'auction'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

/** `paused`: out of browse and search while its seller's store is deactivated (decision 059), back on reactivation. */
export const LISTING_STATUSES = ['active', 'sold', 'expired', 'ended', 'deleted', 'paused'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** Condition values the wizard stores. */
export const LISTING_CONDITIONS = ['new', 'like_new', 'excellent', 'good', 'fair', 'poor', 'for_parts'] as const;
export type ListingCondition = (typeof LISTING_CONDITIONS)[number];

export const CONDITION_LABELS: Record<ListingCondition, string> = {
  new: 'New',
  like_new: 'Like New',
  excellent: 'Excellent',
  good: 'Good',
  fair: 'Fair',
  poor: 'Poor',
  for_parts: 'For Parts',
};

export const SHIPPING_TYPES = ['calculated', 'flat', 'free', 'local'] as const;
export type ShippingType = (typeof SHIPPING_TYPES)[number];

export const RETURN_POLICIES = ['no_returns', '7_days', '14_days', '30_days', '60_days'] as const;
export type ReturnPolicy = (typeof RETURN_POLICIES)[number];

export const SHIPPING_LABELS: Record<ShippingType, string> = {
  calculated: 'Calculated Shipping',
  flat: 'Flat Rate',
  free: 'Free Shipping',
  local: 'Local Pickup Only',
};

export const RETURN_LABELS: Record<ReturnPolicy, string> = {
  no_returns: 'No Returns',
  '7_days': '7 Day Returns',
  '14_days': '14 Day Returns',
  '30_days': '30 Day Returns',
  '60_days': '60 Day Returns',
};

export const MARKETPLACE_SORTS = ['newest', 'price-low', 'price-high', 'ending-soon'] as const;
export type MarketplaceSort = (typeof MARKETPLACE_SORTS)[number];

/**
 * Card badge (spec part 1 "Marketplace page"): 'buy-now' when a buy-it-now price is above 0, else 'no-reserve' or
 * 'reserve'.
 */
export type AuctionBadge = 'buy-now' | 'no-reserve' | 'reserve';
export const AUCTION_BADGE_LABELS: Record<AuctionBadge, string> = {
  'buy-now': 'Buy Now',
  'no-reserve': 'No Reserve',
  reserve: 'Reserve',
};

export const HOME_SECTION_SIZE = 4;
export const MARKETPLACE_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 50;
