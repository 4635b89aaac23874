import { describe, expect, it } from 'vitest';
import { testClock } from '../../../fixtures/test-clock';
import { testSettings } from '../../../fixtures/test-settings';
import { createListingBodySchema } from '../../../../shared/api/listings';
import { createListing, type NewListing } from '../../../../functions/core/listings/create-listing';
import type { PublishedListing } from '../../../../functions/core/follows/new-listing-notices';

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

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);

function deps(isSeller = true, uploads: Record<string, { size: number; head: Uint8Array }> = {}) {
  const written: { listing: NewListing; terms: string[] }[] = [];
  const thumbs: { listingId: string; keys: string[] }[] = [];
  const removed: string[] = [];
  const moved: [string, string][] = [];
  const announced: [PublishedListing, Date][] = [];
  return {
    written,
    announced,
    thumbs,
    removed,
    moved,
    photos: {
      inspect: async (key: string) => uploads[key] ?? null,
      promote: async (from: string, to: string) => (moved.push([from, to]), 'promoted' as const),
      move: async (from: string, to: string) => void moved.push([from, to]),
      remove: async (keys: string[]) => void removed.push(...keys),
    },
    thumbnails: { request: async (listingId: string, keys: string[]) => void thumbs.push({ listingId, keys }) },
    accounts: {
      user: async (userId: string) => ({
        userId,
        username: 'sam',
        walletAddress: 'rX',
        role: 'user' as const,
        createdAt: '2026-01-01T00:00:00Z',
      }),
      profileFlags: async () => ({ isSeller, isVerified: false, avatarKey: null }),
    },
    returns: { owesRefund: async () => false },
    states: { get: async () => null },
    writer: { create: async (listing: NewListing, terms: string[]) => void written.push({ listing, terms }) },
    followers: { announce: async (listing: PublishedListing, at: Date) => void announced.push([listing, at]) },
    newId: () => '01LISTING',
    clock: testClock(NOW),
    settings: testSettings(),
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
    // Positive, but below what DynamoDB stores (1e-130): the write would fail with a 500.
    [{ weightLbs: 2.5e-323 }, 'weightLbs'],
    [{ dimensions: { length: 1e-200, width: 1, height: 1 } }, 'dimensions.length'],
    // A name every object has would make the stored map something the DynamoDB marshaller refuses (a 500).
    [{ specifications: JSON.parse('{"constructor":"oak"}') }, 'specifications.constructor'],
    [{ specifications: { toString: 'x' } }, 'specifications.toString'],
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
    // Once written, the seller's followers are told of it (decision 058).
    expect(d.announced).toEqual([
      [expect.objectContaining({ listingId: '01LISTING', sellerId: 'u1', title: 'Oak Desk' }), NOW],
    ]);
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

  it('with require_kyc on, refuses a seller an administrator has not marked verified (decision 069)', async () => {
    const d = deps();
    d.settings.set({ requireKyc: true });
    await expect(createListing('u1', body({}), d)).rejects.toMatchObject({
      status: 403,
      code: 'seller_not_verified',
      message: 'Only verified sellers can publish listings right now.',
    });
    expect(d.written).toEqual([]);
    d.accounts.profileFlags = async () => ({ isSeller: true, isVerified: true, avatarKey: null });
    await expect(createListing('u1', body({}), d)).resolves.toEqual({ id: '01LISTING' });
  });
});

describe('createListing photos', () => {
  const mine = (n: number) => `uploads/u1/0${n}.jpg`;
  const attached = (n: number) => `listing-photos/u1/0${n}.jpg`;

  it('moves checked uploads to the listing in order, the first as the main image, and asks for thumbnails', async () => {
    const d = deps(true, { [mine(1)]: { size: 1000, head: JPEG }, [mine(2)]: { size: 2000, head: JPEG } });
    await createListing('u1', body({ photoKeys: [mine(2), mine(1)] }), d);
    expect(d.written[0]!.listing.images).toEqual([{ key: attached(2) }, { key: attached(1) }]);
    expect(d.moved).toEqual([
      [mine(2), attached(2)],
      [mine(1), attached(1)],
    ]);
    expect(d.thumbs).toEqual([{ listingId: '01LISTING', keys: [attached(2), attached(1)] }]);
  });

  it("refuses more photos than the administrators' current max_listing_images, before moving any", async () => {
    const d = deps(true, { [mine(1)]: { size: 1000, head: JPEG }, [mine(2)]: { size: 2000, head: JPEG } });
    d.settings.set({ maxListingImages: 1 });
    await expect(createListing('u1', body({ photoKeys: [mine(1), mine(2)] }), d)).rejects.toMatchObject({
      status: 400,
      message: 'A listing can have at most 1 photo.',
    });
    expect(d.moved).toEqual([]);
    d.settings.set({ maxListingImages: 2 });
    await createListing('u1', body({ photoKeys: [mine(1), mine(2)] }), d);
    expect(d.written).toHaveLength(1);
  });

  it('moves the photos it took back when a later one is refused, so the same keys can be sent again', async () => {
    const text = new TextEncoder().encode('not an image');
    const d = deps(true, { [mine(1)]: { size: 1000, head: JPEG }, [mine(2)]: { size: 10, head: text } });
    await expect(createListing('u1', body({ photoKeys: [mine(1), mine(2)] }), d)).rejects.toMatchObject({
      message: 'Photo 2 is not an image file',
    });
    expect(d.moved).toEqual([
      [mine(1), attached(1)],
      [attached(1), mine(1)],
    ]);
    expect(d.removed).toEqual([mine(2)]);
    expect(d.written).toEqual([]);
  });

  it('moves the photos back when the listing cannot be written, leaving nothing under a listing key', async () => {
    const d = deps(true, { [mine(1)]: { size: 1000, head: JPEG } });
    d.writer.create = async () => {
      throw new Error('table unavailable');
    };
    await expect(createListing('u1', body({ photoKeys: [mine(1)] }), d)).rejects.toThrow('table unavailable');
    expect(d.moved).toEqual([
      [mine(1), attached(1)],
      [attached(1), mine(1)],
    ]);
    expect(d.thumbs).toEqual([]);
    expect(d.announced).toEqual([]);
  });

  it("refuses someone else's upload, a missing one, a non-image and one over 5 MB, deleting bad uploads", async () => {
    const text = new TextEncoder().encode('not an image');
    const d = deps(true, {
      [mine(1)]: { size: 10, head: text },
      [mine(2)]: { size: 6 * 1024 * 1024, head: JPEG },
      'uploads/u2/01.jpg': { size: 10, head: JPEG },
    });
    await expect(createListing('u1', body({ photoKeys: ['uploads/u2/01.jpg'] }), d)).rejects.toMatchObject({
      status: 400,
      message: 'Photo 1 is not an upload of yours',
    });
    await expect(createListing('u1', body({ photoKeys: [mine(3)] }), d)).rejects.toMatchObject({
      message: 'Photo 1 was not uploaded',
    });
    await expect(createListing('u1', body({ photoKeys: [mine(1)] }), d)).rejects.toMatchObject({
      message: 'Photo 1 is not an image file',
      fields: { 'photoKeys.0': 'Photo 1 is not an image file' },
    });
    await expect(createListing('u1', body({ photoKeys: [mine(2)] }), d)).rejects.toMatchObject({
      message: 'Photo 1 is larger than 5MB',
    });
    expect(d.removed).toEqual([mine(1), mine(2)]);
    expect(d.written).toEqual([]);
  });
});
