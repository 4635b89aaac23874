import type { ListingCard } from '../../../../../shared/api/listings';
import { LISTING_CATEGORIES, parseMarketplaceCategory } from '../../../../../shared/domain/categories';
import { marketplaceUrl } from '../../../domains/listings/marketplace-url';

/** Hot Auctions: featured listings first, topped up with other listings (no duplicates) to at most `size`. */
export function topUpListings(
  featured: readonly ListingCard[],
  others: readonly ListingCard[],
  size: number,
): ListingCard[] {
  const out = featured.slice(0, size);
  const seen = new Set(out.map((l) => l.id));
  for (const l of others) {
    if (out.length >= size) break;
    if (seen.has(l.id)) continue;
    seen.add(l.id);
    out.push(l);
  }
  return out;
}

/**
 * Marketplace link for a home tile name. A name the marketplace's category list knows is used as the category; a
 * subcategory name (the spec's 'Digital Art' tile) links to its parent category and the subcategory, so the tile finds
 * something instead of being silently ignored by the marketplace.
 */
export function categoryTileHref(name: string): string {
  const category = parseMarketplaceCategory(name);
  if (category) return marketplaceUrl({ category });
  for (const [parent, subs] of Object.entries(LISTING_CATEGORIES)) {
    if ((subs as readonly string[]).includes(name)) return marketplaceUrl({ category: parent, subcategory: name });
  }
  return marketplaceUrl({ search: name });
}
