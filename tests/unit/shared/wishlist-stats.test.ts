import { describe, expect, it } from 'vitest';
import { ENDING_SOON_MS, wishlistStats, type SavedForStats } from '../../../shared/domain/wishlist';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();

function auction(endsInMs: number, status: 'active' | 'sold' | 'ended' = 'active'): SavedForStats {
  return { listing: { listingType: 'auction', endsAt: at(endsInMs), status } };
}

describe('wishlist stat tiles', () => {
  it('counts an auction ending exactly 24 hours from now as Ending Soon, and one a millisecond later not', () => {
    expect(wishlistStats([auction(ENDING_SOON_MS)], NOW)).toEqual({ saved: 1, endingSoon: 1, activeAuctions: 1 });
    expect(wishlistStats([auction(ENDING_SOON_MS + 1)], NOW)).toEqual({ saved: 1, endingSoon: 0, activeAuctions: 1 });
    expect(wishlistStats([auction(1)], NOW)).toEqual({ saved: 1, endingSoon: 1, activeAuctions: 1 });
  });

  it('counts no auction whose end has come, or that sold or ended, as running', () => {
    const items = [auction(0), auction(-60_000), auction(3_600_000, 'sold'), auction(3_600_000, 'ended')];
    expect(wishlistStats(items, NOW)).toEqual({ saved: 4, endingSoon: 0, activeAuctions: 0 });
  });

  it('counts fixed-price and gone listings as saved only', () => {
    const fixed: SavedForStats = { listing: { listingType: 'fixed', endsAt: at(3_600_000), status: 'active' } };
    const noEnd: SavedForStats = { listing: { listingType: 'auction', endsAt: null, status: 'active' } };
    const items = [fixed, noEnd, { listing: null }, auction(2 * ENDING_SOON_MS), auction(60_000)];
    expect(wishlistStats(items, NOW)).toEqual({ saved: 5, endingSoon: 1, activeAuctions: 2 });
  });
});
