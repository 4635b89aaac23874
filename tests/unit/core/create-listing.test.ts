import { describe, expect, it } from 'vitest';
import { createListingBodySchema } from '../../../shared/api/listing-write';
import { createListing, type NewListing } from '../../../functions/core/listings/create-listing';

const NOW = new Date('2026-06-01T12:00:00Z');
const location = { zipCode: '78701', city: 'Austin', state: 'tx' };
const base = {
  title: ' Oak Desk ',
  description: 'Solid oak.',
  category: 'Home & Garden',
  condition: 'good',
  listingType: 'fixed',
  priceCents: 1000,
  location,
};
const body = (over: Record<string, unknown>) => createListingBodySchema.parse({ ...base, ...over });

function deps(isSeller = true) {
  const written: { listing: NewListing; terms: string[] }[] = [];
  return {
    written,
    accounts: {
      user: async (userId: string) => ({
        userId,
        username: 'sam',
        walletAddress: 'rX',
        role: 'user' as const,
        createdAt: '2026-01-01T00:00:00Z',
      }),
      profileFlags: async () => ({ isSeller, avatarKey: null }),
    },
    writer: { create: async (listing: NewListing, terms: string[]) => void written.push({ listing, terms }) },
    newId: () => '01LISTING',
    now: NOW,
  };
}

describe('the listing schema', () => {
  it('trims, upper-cases the state and fills the defaults', () => {
    expect(body({})).toMatchObject({
      title: 'Oak Desk',
      location: { state: 'TX' },
      quantity: 1,
      shippingType: 'calculated',
      returnPolicy: '30_days',
      acceptOffers: false,
    });
  });

  it.each([
    [{ listingType: 'auction', priceCents: undefined }, 'startingBidCents'],
    [{ listingType: 'auction', priceCents: undefined, startingBidCents: 500 }, 'endsAt'],
    [{ subcategory: 'Smartphones' }, 'subcategory'],
    [{ shippingType: 'flat' }, 'shippingCostCents'],
    [{ shippingType: 'free', localPickup: true }, 'localPickup'],
    [{ minOfferCents: 500 }, 'minOfferCents'],
    [{ acceptOffers: true, minOfferCents: 5000 }, 'minOfferCents'],
  ])('refuses %j at %s', (over, field) => {
    const result = createListingBodySchema.safeParse({ ...base, ...over });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join('.'))).toContain(field);
  });
});

describe('createListing', () => {
  it('lists for the session seller with its search terms and sort price', async () => {
    const d = deps();
    expect(await createListing('u1', body({}), d)).toEqual({ id: '01LISTING' });
    const [{ listing, terms }] = d.written as [{ listing: NewListing; terms: string[] }];
    expect(listing).toMatchObject({ sellerId: 'u1', sellerUsername: 'sam', status: 'active', sortPriceCents: 1000 });
    expect(terms).toEqual(expect.arrayContaining(['oak', 'desk']));
  });

  it('refuses non-sellers and auctions that end within 5 minutes', async () => {
    await expect(createListing('u1', body({}), deps(false))).rejects.toMatchObject({ status: 403 });
    const soon = body({
      listingType: 'auction',
      priceCents: undefined,
      startingBidCents: 500,
      endsAt: '2026-06-01T12:04:00Z',
    });
    await expect(createListing('u1', soon, deps())).rejects.toMatchObject({ status: 400 });
    const later = { ...soon, endsAt: '2026-06-01T12:06:00Z' };
    await expect(createListing('u1', later, deps())).resolves.toEqual({ id: '01LISTING' });
  });
});
