import { NOTIFICATION_MESSAGE_MAX } from '../../../shared/domain/notification';
import { REVIEW_TEXTS, type Review } from '../../../shared/domain/reviews';
import type { DomainEventOf } from '../../../shared/events';
import { ConflictError } from '../../lib/errors';
import type { NewReview, ReviewDeps } from './ports';
import { toReview } from './review';
import { checkedReviewText, reviewRefusal, reviewSide } from './review-rules';

export const REVIEW_RECEIVED_TITLE = 'New Review';

/** The reviewed user's 'review_received' notification: it opens the order, where the review shows. Once per review. */
export function reviewNotice(r: NewReview): DomainEventOf<'notify.requested'> {
  const stars = r.rating === 1 ? '1 star' : `${r.rating} stars`;
  return {
    id: `notify:review:${r.reviewId}`,
    type: 'notify.requested',
    occurredAt: r.createdAt,
    data: {
      userId: r.reviewedId,
      type: 'review_received',
      title: REVIEW_RECEIVED_TITLE,
      message: `${r.reviewerUsername} gave you ${stars}: ${r.comment}`.slice(0, NOTIFICATION_MESSAGE_MAX),
      relatedId: r.orderId,
      dedupeKey: `review:${r.reviewId}`,
    },
  };
}

/**
 * Leave Review (decision 050): a party of a completed order reviews the other party, within the window, once. The
 * review, the order's mark of it and the reviewed user's rating sum and count are written in one transaction, whose
 * condition on the mark refuses a second review of the order (409); then the reviewed user is notified.
 */
export async function createReview(
  userId: string,
  orderId: string,
  body: { rating: number; comment: string },
  deps: ReviewDeps,
): Promise<Review> {
  const order = await deps.orders.get(orderId);
  const at = deps.clock.now();
  const refusal = reviewRefusal(order, userId, at);
  if (refusal) throw refusal;
  const side = reviewSide(order!, userId)!;
  const review: NewReview = {
    reviewId: deps.newId(at),
    reviewedId: side.reviewedId,
    reviewerId: userId,
    reviewerUsername: side.reviewerUsername,
    rating: body.rating,
    comment: checkedReviewText(body.comment, 'comment', REVIEW_TEXTS.commentEmpty),
    transactionType: side.transactionType,
    createdAt: at.toISOString(),
    orderId,
    listingId: order!.lines[0]?.listingId ?? null,
  };
  if (!(await deps.reviews.create(review))) {
    throw new ConflictError('You have already reviewed this order', 'already_reviewed');
  }
  try {
    await deps.events.publish([reviewNotice(review)]);
  } catch (error) {
    // Stored is reviewed: the store page and the order show it; only the bell misses it.
    deps.warn('review stored but not announced', error);
  }
  return toReview({ ...review, reply: null });
}
