import { describe, expect, it } from 'vitest';
import { getListing, type FullListing } from '../../../../functions/core/listings/get-listing';

const base: FullListing = {
  listingId: 'L1',
  sellerId: 's',
  sellerUsername: 'sam',
  title: 'Lamp',
  description: 'Brass.',
  category: 'Home & Garden',
  condition: 'good',
  listingType: 'fixed',
  priceCents: 1000,
  shippingType: 'free',
  status: 'active',
  sortPriceCents: 1000,
  createdAt: '2026-01-01T00:00:00Z',
  images: [{ key: 'a.webp', thumbKey: 'a-t.webp' }, { key: 'b.webp' }],
};
const owner = {
  userId: 's',
  username: 'sam',
  createdAt: '2025-03-01T00:00:00Z',
  profile: {
    avatarKey: 'avatars/s/a.webp',
    isSeller: true,
    isVerified: true,
    ratingSum: 14,
    ratingCount: 3,
    salesCount: 9,
    location: 'Austin, TX',
  },
};
const reader = (l: FullListing | null, seller: typeof owner | null = owner, acceptsMessages = true) => ({
  full: async () => l,
  seller: async () => seller,
  acceptsMessages: async () => acceptsMessages,
});

describe('the listing page', () => {
  it('shows units still for sale, every image and no half-filled dimensions', async () => {
    const d = await getListing(
      'L1',
      null,
      reader({ ...base, quantity: 5, quantitySold: 2, dimensions: { length: 3 } }),
      (k) => `/m/${k}`,
    );
    expect(d.quantityAvailable).toBe(3);
    expect(d.dimensions).toBeNull();
    expect(d.images).toEqual([
      { key: 'a.webp', url: '/m/a.webp', thumbUrl: '/m/a-t.webp' },
      { key: 'b.webp', url: '/m/b.webp', thumbUrl: '/m/b.webp' },
    ]);
    expect(d).toMatchObject({ returnPolicy: '30_days', acceptOffers: false, location: null, specifications: {} });
  });

  it("is 'Listing not found' unless active or sold out", async () => {
    for (const l of [null, { ...base, status: 'ended' as const }, { ...base, status: 'deleted' as const }]) {
      await expect(getListing('L1', null, reader(l), (k) => k)).rejects.toMatchObject({
        status: 404,
        message: 'Listing not found',
      });
    }
  });

  it('shows a sold-out listing as sold with nothing available, so its buyers can follow their purchase', async () => {
    const d = await getListing(
      'L1',
      null,
      reader({ ...base, status: 'sold' as const, quantity: 2, quantitySold: 2 }),
      (k) => k,
    );
    expect(d.status).toBe('sold');
    expect(d.quantityAvailable).toBe(0);
  });

  it('shows the reserve line to everyone, the amount to the seller only, and whether the viewer leads', async () => {
    const auction: FullListing = {
      ...base,
      listingType: 'auction',
      priceCents: undefined,
      startingBidCents: 1000,
      reservePriceCents: 5000,
      buyItNowPriceCents: 9000,
      currentBidCents: 1000,
      bidCount: 1,
      leaderId: 'a',
      leaderMaxCents: 3000,
      endsAt: '2026-02-01T00:00:00.000Z',
    };
    const visitor = await getListing('L1', null, reader(auction), (k) => k);
    expect(visitor).toMatchObject({ reserveStatus: 'not_met', viewerLeads: null, buyItNowPriceCents: null });
    expect(visitor).not.toHaveProperty('reservePriceCents');
    expect(JSON.stringify(visitor)).not.toContain('3000');
    expect((await getListing('L1', 'a', reader(auction), (k) => k)).viewerLeads).toBe(true);
    expect((await getListing('L1', 'b', reader(auction), (k) => k)).viewerLeads).toBe(false);
    const met = await getListing('L1', 's', reader({ ...auction, leaderMaxCents: 5000 }), (k) => k);
    expect(met).toMatchObject({ reserveStatus: 'met', reservePriceCents: 5000, viewerLeads: false });
    expect(await getListing('L1', 'a', reader(base), (k) => k)).toMatchObject({
      reserveStatus: 'none',
      viewerLeads: null,
    });
  });

  it("carries the seller panel: the seller's public profile, rating to one decimal", async () => {
    const d = await getListing('L1', null, reader(base), (k) => `/m/${k}`);
    expect(d.sellerInfo).toEqual({
      username: 'sam',
      avatarUrl: '/m/avatars/s/a.webp',
      verified: true,
      rating: 4.7,
      reviewCount: 3,
      salesCount: 9,
      location: 'Austin, TX',
      joinedAt: '2025-03-01T00:00:00Z',
      acceptsMessages: true,
    });
    const bare = await getListing('L1', null, reader(base, null, false), (k) => k);
    expect(bare.sellerInfo).toMatchObject({
      username: 'sam',
      verified: false,
      rating: null,
      reviewCount: 0,
      acceptsMessages: false,
    });
    // 'Verified Seller' is an administrator's mark, not selling turned on (decision 069).
    const unmarked = { ...owner, profile: { ...owner.profile, isVerified: false } };
    expect((await getListing('L1', null, reader(base, unmarked), (k) => k)).sellerInfo.verified).toBe(false);
  });
});

describe("the listing's reserve and minimum offer", () => {
  const auction: FullListing = {
    ...base,
    listingType: 'auction',
    priceCents: undefined,
    startingBidCents: 5000,
    reservePriceCents: 12_000,
  };
  const offers = { ...base, acceptOffers: true, minOfferCents: 800 } as FullListing;

  it('are shown to the seller, with or without amounts set', async () => {
    expect(await getListing('L1', 's', reader(auction), (k) => k)).toMatchObject({
      hasReserve: true,
      reservePriceCents: 12_000,
      minOfferCents: null,
    });
    expect(await getListing('L1', 's', reader(offers), (k) => k)).toMatchObject({
      acceptOffers: true,
      minOfferCents: 800,
      reservePriceCents: null,
    });
  });

  it('are absent for a visitor and for another user, who see only that there is a reserve', async () => {
    for (const viewer of [null, 'someone-else', '']) {
      const a = await getListing('L1', viewer, reader(auction), (k) => k);
      expect(a.hasReserve).toBe(true);
      expect(a).not.toHaveProperty('reservePriceCents');
      expect(a).not.toHaveProperty('minOfferCents');
      expect(JSON.stringify(a)).not.toContain('12000');
      const o = await getListing('L1', viewer, reader(offers), (k) => k);
      expect(o.acceptOffers).toBe(true);
      expect(o).not.toHaveProperty('minOfferCents');
      expect(JSON.stringify(o)).not.toContain('800');
    }
  });
});
