import {
  REVIEW_WINDOW_DAYS,
  REVIEW_WINDOW_MS,
  reviewText,
  reviewTextProblem,
  type OrderReviews,
  type ReviewTransactionType,
} from '../../../shared/domain/reviews';
import { type AppError, BadRequestError, InvalidStateError, NotFoundError } from '../../lib/errors';
import type { OrderRecord } from '../orders/order';
import { toReview, type ReviewRecord } from './review';

/** Who `userId` reviews in the order and which way, or null when they are not one of its parties. */
export function reviewSide(
  o: OrderRecord,
  userId: string,
): { reviewedId: string; reviewerUsername: string; transactionType: ReviewTransactionType } | null {
  if (o.buyerId === userId)
    return { reviewedId: o.sellerId, reviewerUsername: o.buyerUsername, transactionType: 'buy' };
  if (o.sellerId === userId)
    return { reviewedId: o.buyerId, reviewerUsername: o.sellerUsername, transactionType: 'other' };
  return null;
}

/**
 * Why `userId` may not review the order at `at` (a review already left aside), or null: only its parties (anyone
 * else: 404, as every order read), only once it is completed (released to the seller: delivered or pickup approved),
 * and only within REVIEW_WINDOW_DAYS of that. A refunded order was no sale, so it gives no review.
 */
export function reviewRefusal(o: OrderRecord | null, userId: string, at: Date): AppError | null {
  if (!o || !reviewSide(o, userId)) return new NotFoundError('Order not found');
  if (o.status !== 'completed' || !o.completedAt) {
    return new InvalidStateError('order_not_completed', 'You can review an order once it is completed');
  }
  if (at.getTime() > Date.parse(o.completedAt) + REVIEW_WINDOW_MS) {
    return new InvalidStateError(
      'review_window_closed',
      `Reviews can be left within ${REVIEW_WINDOW_DAYS} days of the order's completion`,
    );
  }
  return null;
}

/** The comment or reply to store, or a 400 with the rule's words. */
export function checkedReviewText(raw: string, field: string, empty?: string): string {
  const problem = reviewTextProblem(raw, empty);
  if (problem) throw new BadRequestError(problem, { [field]: problem });
  return reviewText(raw);
}

/** The order's reviews as `viewerId` (one of its parties) reads them at `at`. */
export function orderReviewsFor(o: OrderRecord, viewerId: string, records: ReviewRecord[], at: Date): OrderReviews {
  const mine = records.find((r) => r.reviewerId === viewerId) ?? null;
  const theirs = records.find((r) => r.reviewerId !== viewerId) ?? null;
  return {
    canReview: mine === null && reviewRefusal(o, viewerId, at) === null,
    mine: mine && toReview(mine),
    theirs: theirs && toReview(theirs),
  };
}
