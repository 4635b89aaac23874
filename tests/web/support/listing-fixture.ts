import type { ListingCard, ListingPage } from '../../../shared/api/listings';

let seq = 0;

/** A valid listing card (fixed price, $25.00) with the fields a test cares about overridden. */
export function listing(overrides: Partial<ListingCard> = {}): ListingCard {
  seq += 1;
  return {
    id: `L${String(seq).padStart(4, '0')}`,
    title: `Listing ${seq}`,
    category: 'Electronics',
    subcategory: null,
    condition: 'good',
    listingType: 'fixed',
    priceCents: 2500,
    buyItNowPriceCents: null,
    startingBidCents: null,
    currentBidCents: null,
    bidCount: 0,
    hasReserve: false,
    endsAt: null,
    featured: false,
    image: null,
    seller: { id: 'S1', username: 'alice' },
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function page(items: ListingCard[], nextCursor: string | null = null): ListingPage {
  return { items, nextCursor };
}
