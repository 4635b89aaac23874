import { describe, expect, it } from 'vitest';
import { listingEntity } from '../../../functions/adapters/db/entities/listing';
import { MAX_AMOUNT_CENTS } from '../../../shared/domain/money';

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

describe('listing price sort keys at the money limit', () => {
  const priceKey = (sortPriceCents: number) =>
    String(itemOf({ ...base, listingType: 'fixed', priceCents: sortPriceCents, sortPriceCents }).gsi3sk);

  it('hold the largest amount zero-padded, ordered after every smaller price', () => {
    const atMax = priceKey(MAX_AMOUNT_CENTS);
    expect(atMax).toContain(`sortpricecents_${String(MAX_AMOUNT_CENTS).padStart(12, '0')}`);
    expect(atMax > priceKey(MAX_AMOUNT_CENTS - 1)).toBe(true);
    expect(priceKey(MAX_AMOUNT_CENTS - 1) > priceKey(999)).toBe(true);
    expect(priceKey(1) < priceKey(10)).toBe(true);
  });
});
