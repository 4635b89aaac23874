import type { MyBid } from '../../../shared/api/bids';
import type { Store } from '../../../shared/api/stores';
import type { ListingCard, ListingDetail, ListingPage } from '../../../shared/api/listings';

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

/** A valid listing page (the card plus every detail) with overrides. */
export function listingDetail(overrides: Partial<ListingDetail> = {}): ListingDetail {
  return {
    ...listing(),
    description: 'A fine item.',
    brand: null,
    model: null,
    upc: null,
    specifications: {},
    weightLbs: null,
    dimensions: null,
    images: [],
    acceptOffers: false,
    reserveStatus: 'none',
    viewerLeads: null,
    minOfferCents: null,
    reservePriceCents: null,
    shippingType: 'calculated',
    shippingCostCents: null,
    localPickup: false,
    location: { zipCode: '78701', city: 'Austin', state: 'TX' },
    quantity: 1,
    quantityAvailable: 1,
    status: 'active',
    returnPolicy: '30_days',
    sellerInfo: {
      username: 'alice',
      avatarUrl: null,
      verified: true,
      rating: 4.5,
      reviewCount: 2,
      salesCount: 7,
      location: 'Austin, TX',
      joinedAt: '2025-01-15T00:00:00.000Z',
      acceptsMessages: true,
    },
    ...overrides,
  };
}

export function store(overrides: Partial<Store> = {}): Store {
  return {
    userId: '01JUSER',
    username: 'alice_1',
    avatarUrl: null,
    bannerUrl: null,
    storeName: 'Alice Antiques',
    storeDescription: 'Old things, loved again.',
    bio: null,
    isSeller: true,
    verified: true,
    rating: 4.46,
    reviewCount: 2,
    salesCount: 5,
    location: null,
    joinedAt: '2025-01-01T00:00:00.000Z',
    listings: [],
    unresolvedReturn: false,
    followerCount: 0,
    isFollowing: false,
    theme: 'default',
    featured: [],
    featuredPinned: false,
    contact: { email: null, phone: null, acceptsMessages: true },
    deactivated: false,
    storeStatus: 'active',
    ...overrides,
  };
}

/** A row of GET /api/me/bids: a running auction the user leads, with overrides. */
export function myBid(overrides: Partial<MyBid> = {}): MyBid {
  seq += 1;
  return {
    listingId: `A${String(seq).padStart(4, '0')}`,
    title: `Auction ${seq}`,
    image: null,
    currentBidCents: 2_000,
    bidCount: 2,
    endsAt: new Date(Date.now() + 2 * 86_400_000 + 3_600_000 + 60_000).toISOString(),
    reserveStatus: 'none',
    maxCents: 4_500,
    lastBidAt: '2026-01-01T00:00:00.000Z',
    status: 'pending',
    standing: 'winning',
    ...overrides,
  };
}
