import type { ListingCard, ListingImage } from '../../../shared/api/listings';
import type { ListingSummary } from './listing';

export type MediaUrl = (key: string) => string;

/** A stored image as the API shows it: the thumbnail stands in as the full image until the worker has made it. */
export function toListingImage(i: { key: string; thumbKey?: string }, mediaUrl: MediaUrl): ListingImage {
  return { key: i.key, url: mediaUrl(i.key), thumbUrl: mediaUrl(i.thumbKey ?? i.key) };
}

export function toListingCard(l: ListingSummary, mediaUrl: MediaUrl): ListingCard {
  const first = l.images?.[0];
  return {
    id: l.listingId,
    title: l.title,
    category: l.category,
    subcategory: l.subcategory ?? null,
    condition: l.condition,
    listingType: l.listingType,
    priceCents: l.listingType === 'fixed' ? (l.priceCents ?? null) : null,
    // Buy It Now ends with an auction's first bid (decision 027).
    buyItNowPriceCents: (l.bidCount ?? 0) > 0 ? null : (l.buyItNowPriceCents ?? null),
    startingBidCents: l.listingType === 'auction' ? (l.startingBidCents ?? null) : null,
    currentBidCents: l.listingType === 'auction' ? (l.currentBidCents ?? null) : null,
    bidCount: l.bidCount ?? 0,
    hasReserve: (l.reservePriceCents ?? 0) > 0,
    endsAt: l.endsAt ?? null,
    featured: l.featured === true,
    image: first ? toListingImage(first, mediaUrl) : null,
    seller: { id: l.sellerId, username: l.sellerUsername },
    createdAt: l.createdAt,
  };
}
