import { describe, expect, it } from 'vitest';
import { listStoreReviews, type StoreReviewsPort } from '../../../functions/core/stores/list-store-reviews';
import type { ReviewRecord } from '../../../functions/core/reviews/review';
import { STORE_REVIEWS_PAGE_SIZE } from '../../../shared/api/stores';

const record = (id: string, reviewerId: string, rating: number): ReviewRecord => ({
  reviewId: id,
  reviewedId: 'SELLER',
  reviewerId,
  reviewerUsername: `user_${reviewerId}`,
  rating,
  comment: `comment ${id}`,
  transactionType: 'buy',
  createdAt: '2026-10-01T00:00:00.000Z',
  reply: null,
});

function port(over: Partial<StoreReviewsPort> = {}): StoreReviewsPort & { asked: unknown[] } {
  const asked: unknown[] = [];
  return {
    asked,
    userIdByUsername: async (name) => (name.toLowerCase() === 'shop' ? 'SELLER' : null),
    reviewsOf: async (sellerId, limit, cursor) => {
      asked.push({ sellerId, limit, cursor });
      return { items: [record('R2', 'A', 5), record('R1', 'B', 3), record('R0', 'A', 4)], cursor: 'next' };
    },
    avatarKeys: async (ids) => {
      asked.push({ avatars: ids });
      return new Map([['A', 'avatars/A/1.png']]);
    },
    ...over,
  };
}

describe('store reviews', () => {
  it("is 'User Not Found' for an unknown name", async () => {
    await expect(listStoreReviews('nobody', undefined, port(), (k) => k)).rejects.toMatchObject({
      status: 404,
      message: 'User Not Found',
    });
  });

  it('reads a page of the seller’s reviews from the cursor and gives each its reviewer’s avatar, asking once per reviewer', async () => {
    const p = port();
    const page = await listStoreReviews('SHOP', 'c1', p, (k) => `/media/${k}`);
    expect(p.asked).toEqual([
      { sellerId: 'SELLER', limit: STORE_REVIEWS_PAGE_SIZE, cursor: 'c1' },
      { avatars: ['A', 'B'] },
    ]);
    expect(page.cursor).toBe('next');
    expect(page.items.map((r) => [r.id, r.rating, r.reviewer])).toEqual([
      ['R2', 5, { username: 'user_A', avatarUrl: '/media/avatars/A/1.png' }],
      ['R1', 3, { username: 'user_B', avatarUrl: null }],
      ['R0', 4, { username: 'user_A', avatarUrl: '/media/avatars/A/1.png' }],
    ]);
  });
});
