import { decodeTime } from 'ulid';
import type { ReviewStore } from '../../core/reviews/ports';
import type { ReviewRecord } from '../../core/reviews/review';
import { conditionally } from './conditional';
import { ensureProfile } from './profile-store';
import type { Db, Entities } from './service';
import { cancelReasons, failedAt, transactWithRetry, type TransactResult } from './transact';

type ReviewItem = NonNullable<Awaited<ReturnType<ReturnType<Entities['review']['get']>['go']>>['data']>;

/** A review item as core reads it: its partition's `sellerId` is the reviewed user. */
export function reviewRecord(item: ReviewItem): ReviewRecord {
  return {
    reviewId: item.reviewId,
    reviewedId: item.sellerId,
    reviewerId: item.reviewerId,
    reviewerUsername: item.reviewerUsername,
    rating: item.rating,
    comment: item.comment,
    transactionType: item.transactionType,
    createdAt: item.createdAt,
    reply: item.reply ?? null,
  };
}

/** The review's sort key time, from its id (a ULID made at that instant); null for an id that can't be one. */
function createdAtOf(reviewId: string): string | null {
  try {
    return new Date(decodeTime(reviewId)).toISOString();
  } catch {
    return null;
  }
}

/** A review item's key: the reviewed user's partition, at its id's time; null for an id that can't be one. */
export function reviewKeyOf(reviewedId: string, reviewId: string) {
  const createdAt = createdAtOf(reviewId);
  return createdAt && { sellerId: reviewedId, createdAt, reviewId };
}

/** Reviews (decision 050): the review in the reviewed user's partition, its mark beside the order, the rating totals. */
export function reviewStore(db: Db): ReviewStore {
  const { review, orderReview } = db.entities;
  return {
    async create(r) {
      // A profile is made with the account; an older account may have none for the totals to go on.
      await ensureProfile(db, r.reviewedId, new Date(r.createdAt));
      // Order matters: the mark is item 0, whose failed condition means "reviewed already".
      const result = await transactWithRetry(
        () =>
          db.transaction
            .write(({ orderReview: mark, review: item, profile }) => [
              mark
                .create({
                  orderId: r.orderId,
                  reviewerId: r.reviewerId,
                  reviewedId: r.reviewedId,
                  reviewId: r.reviewId,
                  createdAt: r.createdAt,
                })
                .commit(),
              item
                .create({
                  sellerId: r.reviewedId,
                  reviewId: r.reviewId,
                  reviewerId: r.reviewerId,
                  reviewerUsername: r.reviewerUsername,
                  rating: r.rating,
                  comment: r.comment,
                  transactionType: r.transactionType,
                  orderId: r.orderId,
                  ...(r.listingId && { listingId: r.listingId }),
                  createdAt: r.createdAt,
                })
                .commit(),
              profile
                .update({ userId: r.reviewedId })
                .add({ ratingSum: r.rating, ratingCount: 1 })
                .set({ updatedAt: r.createdAt })
                .commit(),
            ])
            .go() as Promise<TransactResult>,
      );
      if (!result.canceled) return true;
      if (failedAt(result, 0)) return false;
      throw new Error(`review not written: ${cancelReasons(result)}`);
    },
    async ofOrder(orderId) {
      const { data: marks } = await orderReview.query.byOrder({ orderId }).go();
      if (marks.length === 0) return [];
      const { data } = await review
        .get(marks.map((m) => ({ sellerId: m.reviewedId, createdAt: m.createdAt, reviewId: m.reviewId })))
        .go();
      return data.map(reviewRecord);
    },
    async get(reviewedId, reviewId) {
      const key = reviewKeyOf(reviewedId, reviewId);
      if (!key) return null;
      const { data } = await review.get(key).go({ consistent: true });
      return data ? reviewRecord(data) : null;
    },
    async reply(reviewedId, reviewId, reply) {
      const key = reviewKeyOf(reviewedId, reviewId);
      if (!key) return false;
      return conditionally(() =>
        review
          .patch(key)
          .set({ reply })
          .where((a, op) => op.notExists(a.reply))
          .go(),
      );
    },
  };
}
