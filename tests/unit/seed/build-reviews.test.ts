import { describe, expect, it } from 'vitest';
import { averageRating } from '../../../functions/core/listings/store-page';
import { buildReviews } from '../../../infra/local/seed/build-reviews';
import { buildSellers } from '../../../infra/local/seed/build-sellers';
import { REVIEWS_UNTIL } from '../../../infra/local/seed/data/reviews';

describe('demo reviews builder', () => {
  const sellers = buildSellers(new Date('2026-11-20T00:00:00.000Z'));
  const { reviewers, reviews } = buildReviews(new Date('2026-11-20T00:00:00.000Z'), sellers);

  it("writes each store's review count and sets its rating totals from the reviews themselves", () => {
    for (const s of sellers) {
      const own = reviews.filter((r) => r.sellerId === s.user.userId);
      expect(own).toHaveLength(s.seed.reviewCount);
      expect(s.profile.ratingCount).toBe(own.length);
      expect(s.profile.ratingSum).toBe(own.reduce((sum, r) => sum + r.rating, 0));
      const average = averageRating(s.profile.ratingSum!, s.profile.ratingCount!)!;
      expect(Math.abs(average * 10 - s.seed.ratingTimesTen)).toBeLessThanOrEqual(5);
    }
  });

  it('dates reviews between the store opening and a fixed day, by known reviewers, whole stars 3 to 5', () => {
    const names = new Set(reviewers.map((r) => r.user.username));
    const joined = new Map(sellers.map((s) => [s.user.userId, s.seed.joinedAt]));
    for (const r of reviews) {
      expect(names).toContain(r.reviewerUsername);
      expect(r.createdAt >= joined.get(r.sellerId)!).toBe(true);
      expect(r.createdAt < REVIEWS_UNTIL).toBe(true);
      expect([3, 4, 5]).toContain(r.rating);
    }
  });

  it('makes the same reviews whenever it runs, so re-seeding never adds more', () => {
    const again = buildReviews(new Date('2027-01-01T00:00:00.000Z'), buildSellers(new Date()));
    expect(again.reviews.map((r) => r.reviewId)).toEqual(reviews.map((r) => r.reviewId));
  });
});
