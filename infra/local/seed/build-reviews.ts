import type { CreateEntityItem } from 'electrodb';
import type { reviewEntity } from '../../../functions/adapters/db/entities/review';
import type { userEntity, usernameEntity, walletEntity } from '../../../functions/adapters/db/entities/user';
import type { BuiltSeller } from './build-sellers';
import { REVIEW_COMMENTS, REVIEWERS, REVIEWS_UNTIL } from './data/reviews';
import { createPrng } from './prng';
import { encodeAccountId } from './xrpl-address';

/** Its own seed, so reviews stay the same when listings or sellers are added. */
const REVIEW_SEED = 0x4e71e5;
const REVIEWERS_JOINED = '2024-01-15T12:00:00.000Z';

export interface BuiltReviewer {
  user: CreateEntityItem<ReturnType<typeof userEntity>>;
  username: CreateEntityItem<ReturnType<typeof usernameEntity>>;
  wallet: CreateEntityItem<ReturnType<typeof walletEntity>>;
}

export interface BuiltReviews {
  reviewers: BuiltReviewer[];
  reviews: CreateEntityItem<ReturnType<typeof reviewEntity>>[];
}

/**
 * Demo buyers and each store's reviews (its `reviewCount`, stars near its `ratingTimesTen`). Sets the sellers' rating
 * totals from the reviews written, so the store header and the Reviews tab always agree.
 */
export function buildReviews(now: Date, sellers: BuiltSeller[]): BuiltReviews {
  const prng = createPrng(REVIEW_SEED);
  const nowIso = now.toISOString();
  const reviewers = REVIEWERS.map((name) => {
    const userId = prng.ulid(Date.parse(REVIEWERS_JOINED));
    const walletAddress = encodeAccountId(prng.bytes(20));
    return {
      user: {
        userId,
        walletAddress,
        username: name,
        role: 'user' as const,
        createdAt: REVIEWERS_JOINED,
        updatedAt: nowIso,
      },
      username: { usernameLower: name.toLowerCase(), userId },
      wallet: { walletAddress, userId },
    };
  });
  const until = Date.parse(REVIEWS_UNTIL);
  const reviews = sellers.flatMap((seller) => {
    const from = Date.parse(seller.seed.joinedAt);
    const fiveShare = (seller.seed.ratingTimesTen - 40) / 10;
    const items = Array.from({ length: seller.seed.reviewCount }, () => {
      const roll = prng.next();
      const rating = roll < fiveShare ? 5 : roll < 0.97 ? 4 : 3;
      const createdMs = from + Math.floor(prng.next() * (until - from));
      const reviewer = prng.pick(reviewers);
      return {
        sellerId: seller.user.userId,
        reviewId: prng.ulid(createdMs),
        reviewerId: reviewer.user.userId,
        reviewerUsername: reviewer.user.username,
        rating,
        comment: prng.pick(REVIEW_COMMENTS[rating]),
        transactionType: prng.next() < 0.85 ? ('buy' as const) : ('other' as const),
        createdAt: new Date(createdMs).toISOString(),
      };
    });
    seller.profile.ratingCount = items.length;
    seller.profile.ratingSum = items.reduce((sum, r) => sum + r.rating, 0);
    return items;
  });
  return { reviewers, reviews };
}
