import { describe, expect, it } from 'vitest';
import { listingEntity } from '../../../functions/adapters/db/entities/listing';

const base = {
  listingId: 'L1',
  sellerId: 'S1',
  sellerUsername: 'seller',
  title: 'Lamp',
  description: 'A lamp',
  category: 'Home & Garden',
  condition: 'new',
  shippingType: 'free',
  sortPriceCents: 1500,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  status: 'active',
} as const;

const listing = listingEntity();
const itemOf = (input: Parameters<typeof listing.create>[0]) =>
  listing.put(input).params<{ Item: Record<string, unknown> }>({ table: 't' }).Item;

describe('listing entity', () => {
  it('keeps fixed-price listings out of the end-time index', () => {
    const item = itemOf({ ...base, listingType: 'fixed', priceCents: 1500 });
    expect(item.gsi5pk).toBeUndefined();
    expect(item.gsi5sk).toBeUndefined();
    expect(item.gsi1pk).toBeDefined();
  });

  it('puts auctions in the end-time index ordered by end time', () => {
    const item = itemOf({ ...base, listingType: 'auction', startingBidCents: 100, endsAt: '2026-12-01T10:00:00.000Z' });
    expect(item.gsi5pk).toBe('$marketplace#status_active');
    expect(String(item.gsi5sk)).toContain('2026-12-01t10:00:00.000z');
  });

  it('writes the featured index only for featured listings', () => {
    expect(itemOf({ ...base, listingType: 'fixed', featured: false }).gsi7pk).toBeUndefined();
    expect(itemOf({ ...base, listingType: 'fixed', featured: true }).gsi7pk).toBeDefined();
  });
});
