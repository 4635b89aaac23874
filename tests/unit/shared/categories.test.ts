import { describe, expect, it } from 'vitest';
import {
  HEADER_CATEGORIES,
  LISTING_CATEGORIES,
  MARKETPLACE_CATEGORY_OPTIONS,
  parseMarketplaceCategory,
} from '../../../shared/domain/categories';
import { formatTimeLeft, isEnded } from '../../../shared/domain/time-left';

describe('categories', () => {
  it('has the 15 listing categories with 4 to 6 subcategories each', () => {
    const entries = Object.entries(LISTING_CATEGORIES);
    expect(entries).toHaveLength(15);
    for (const [, subs] of entries) expect(subs.length).toBeGreaterThanOrEqual(4);
    for (const [, subs] of entries) expect(subs.length).toBeLessThanOrEqual(6);
  });

  it('shows the 7 header categories with the spec subcategories', () => {
    expect(HEADER_CATEGORIES.map((c) => c.name)).toEqual([
      'Electronics',
      'Automotive',
      'Fashion',
      'Home & Garden',
      'Gaming',
      'Baby & Kids',
      'Collectibles',
    ]);
    expect(HEADER_CATEGORIES[0]?.subcategories).toEqual([
      'Smartphones',
      'Tablets',
      'Laptops',
      'Desktop PCs',
      'Smart Home',
      'Wearables',
    ]);
  });

  it('offers 24 marketplace options and honours only those in the URL', () => {
    expect(MARKETPLACE_CATEGORY_OPTIONS).toHaveLength(24);
    expect(parseMarketplaceCategory('electronics')).toBe('Electronics');
    expect(parseMarketplaceCategory('Coins & Currency')).toBe('Coins & Currency');
    expect(parseMarketplaceCategory('all')).toBeUndefined();
    expect(parseMarketplaceCategory('Spaceships')).toBeUndefined();
    expect(parseMarketplaceCategory(null)).toBeUndefined();
  });
});

describe('time left', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('uses the spec formats', () => {
    expect(formatTimeLeft('2026-01-03T05:30:00Z', now)).toBe('2d 5h');
    expect(formatTimeLeft('2026-01-01T03:20:00Z', now)).toBe('3h 20m');
    expect(formatTimeLeft('2026-01-01T00:07:30Z', now)).toBe('7m');
    expect(formatTimeLeft('2025-12-31T23:59:00Z', now)).toBe('Ended');
    expect(isEnded('2025-12-31T23:59:00Z', now)).toBe(true);
    expect(isEnded('2026-01-02T00:00:00Z', now)).toBe(false);
  });
});
