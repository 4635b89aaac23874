import { describe, expect, it } from 'vitest';
import { testClock } from '../../../fixtures/test-clock';
import { testSettings } from '../../../fixtures/test-settings';
import { createListingBodySchema } from '../../../../shared/api/listings';
import { updateListing, type StoredListing } from '../../../../functions/core/listings/update-listing';

const NOW = new Date('2026-06-01T12:00:00Z');
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0]);
const input = {
  title: 'Oak Desk',
  description: 'Solid oak.',
  category: 'Home & Garden',
  condition: 'good',
  listingType: 'fixed',
  priceCents: 1000,
  quantity: 3,
  location: { zipCode: '78701', city: 'Austin', state: 'TX' },
};
const body = (over: Record<string, unknown> = {}) => createListingBodySchema.parse({ ...input, ...over });

const stored = (over: Partial<StoredListing> = {}): StoredListing => ({
  ...body(),
  listingId: 'L1',
  sellerId: 'u1',
  sellerUsername: 'sam',
  status: 'active',
  featured: true,
  bidCount: 0,
  quantitySold: 1,
  quantity: 3,
  images: [
    { key: 'seed/a.webp', thumbKey: 'seed/a.thumb.webp' },
    { key: 'seed/b.webp', thumbKey: 'seed/b.thumb.webp' },
  ],
  sortPriceCents: 1000,
  createdAt: '2026-05-01T00:00:00Z',
  updatedAt: '2026-05-01T00:00:00Z',
  version: 4,
  ...over,
});

function deps(listing: StoredListing | null, opts: { races?: number; isSeller?: boolean } = {}) {
  let races = opts.races ?? 0;
  const replaced: { next: StoredListing; expected: number; terms: { add: string[]; remove: string[] } }[] = [];
  const removed: string[] = [];
  const thumbs: string[][] = [];
  const promoted: string[] = [];
  const returned: string[] = [];
  return {
    replaced,
    promoted,
    returned,
    removed,
    thumbs,
    accounts: {
      user: async (userId: string) => ({
        userId,
        username: 'sam',
        walletAddress: 'rX',
        role: 'user' as const,
        createdAt: '2026-01-01T00:00:00Z',
      }),
      profileFlags: async () => ({ isSeller: opts.isSeller ?? true, isVerified: false, avatarKey: null }),
    },
    store: {
      get: async () => listing,
      replace: async (next: StoredListing, current: StoredListing, terms: { add: string[]; remove: string[] }) => {
        if (races-- > 0) return false;
        replaced.push({ next, expected: current.version, terms });
        return true;
      },
    },
    photos: {
      // An upload is there until it is moved, as in the bucket.
      inspect: async (key: string) =>
        key.startsWith('uploads/u1/') && !promoted.includes(key) ? { size: 100, head: JPEG } : null,
      promote: async (from: string) => (promoted.push(from), 'promoted' as const),
      move: async (_from: string, to: string) => void returned.push(to),
      remove: async (keys: string[]) => void removed.push(...keys),
    },
    thumbnails: { request: async (_: string, keys: string[]) => void thumbs.push(keys) },
    clock: testClock(NOW),
    settings: testSettings(),
  };
}

describe('updateListing', () => {
  it('replaces what the seller entered, keeps what only the server sets, and changes the search terms', async () => {
    const d = deps(stored());
    const edited = body({ title: 'Walnut Desk', priceCents: 1500, quantity: 2, brand: 'Acme' });
    expect(await updateListing('u1', 'L1', { ...edited, photoKeys: ['seed/b.webp'] }, d)).toEqual({ id: 'L1' });
    const [{ next, expected, terms }] = d.replaced as [(typeof d.replaced)[number]];
    expect(expected).toBe(4);
    expect(next).toMatchObject({
      title: 'Walnut Desk',
      priceCents: 1500,
      sortPriceCents: 1500,
      featured: true,
      quantitySold: 1,
      createdAt: '2026-05-01T00:00:00Z',
      updatedAt: NOW.toISOString(),
      version: 5,
      images: [{ key: 'seed/b.webp', thumbKey: 'seed/b.thumb.webp' }],
    });
    expect(terms).toEqual({ add: ['walnut', 'acme'], remove: ['oak'] });
    expect(d.removed).toEqual(['seed/a.webp', 'seed/a.thumb.webp']);
  });

  it('checks new photos and asks for their thumbnails', async () => {
    const d = deps(stored());
    await updateListing('u1', 'L1', body({ photoKeys: ['uploads/u1/n.jpg', 'seed/a.webp'] }), d);
    expect(d.replaced[0]!.next.images).toEqual([
      { key: 'listing-photos/u1/n.jpg' },
      { key: 'seed/a.webp', thumbKey: 'seed/a.thumb.webp' },
    ]);
    expect(d.thumbs).toEqual([['listing-photos/u1/n.jpg']]);
  });

  it("refuses more photos than the administrators' current max_listing_images", async () => {
    const d = deps(stored());
    d.settings.set({ maxListingImages: 1 });
    const keys = ['uploads/u1/01.jpg', 'uploads/u1/02.jpg'];
    await expect(updateListing('u1', 'L1', body({ photoKeys: keys }), d)).rejects.toMatchObject({ status: 400 });
    expect(d.replaced).toEqual([]);
  });

  it("refuses someone else's listing (403), an unknown one (404), an ended one or one with bids (409)", async () => {
    await expect(updateListing('u2', 'L1', body(), deps(stored()))).rejects.toMatchObject({ status: 403 });
    await expect(updateListing('u1', 'L1', body(), deps(null))).rejects.toMatchObject({ status: 404 });
    await expect(updateListing('u1', 'L1', body(), deps(stored({ status: 'deleted' })))).rejects.toMatchObject({
      status: 404,
    });
    await expect(updateListing('u1', 'L1', body(), deps(stored({ status: 'ended' })))).rejects.toMatchObject({
      status: 409,
    });
    await expect(updateListing('u1', 'L1', body(), deps(stored({ bidCount: 2 })))).rejects.toMatchObject({
      status: 409,
      message: 'This auction has bids and can no longer be edited',
    });
    await expect(updateListing('u1', 'L1', body(), deps(stored(), { isSeller: false }))).rejects.toMatchObject({
      status: 403,
    });
  });

  it('keeps the quantity above what was sold and a changed auction end ahead', async () => {
    await expect(updateListing('u1', 'L1', body({ quantity: 1 }), deps(stored()))).rejects.toMatchObject({
      status: 400,
      message: 'Quantity must be above the 1 already sold',
    });
    const auction = { listingType: 'auction', priceCents: undefined, startingBidCents: 500 };
    await expect(
      updateListing('u1', 'L1', body({ ...auction, endsAt: '2026-06-01T12:01:00Z' }), deps(stored())),
    ).rejects.toMatchObject({ status: 400, message: 'The auction end date cannot be in the past' });
  });

  it('retries a lost race on the fresh listing (new photos moved once), and gives up with 409 after three', async () => {
    const d = deps(stored(), { races: 2 });
    await expect(updateListing('u1', 'L1', body({ photoKeys: ['uploads/u1/n.jpg'] }), d)).resolves.toEqual({
      id: 'L1',
    });
    expect(d.replaced[0]!.next.images).toEqual([{ key: 'listing-photos/u1/n.jpg' }]);
    await expect(updateListing('u1', 'L1', body(), deps(stored(), { races: 3 }))).rejects.toMatchObject({
      status: 409,
    });
  });

  it('moves new photos back to their uploads when the edit is not saved in the end', async () => {
    const d = deps(stored(), { races: 3 });
    await expect(updateListing('u1', 'L1', body({ photoKeys: ['uploads/u1/n.jpg'] }), d)).rejects.toMatchObject({
      status: 409,
    });
    expect(d.promoted).toEqual(['uploads/u1/n.jpg']);
    expect(d.returned).toEqual(['uploads/u1/n.jpg']);
    expect(d.thumbs).toEqual([]);
  });
});
