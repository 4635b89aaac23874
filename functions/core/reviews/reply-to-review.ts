import { NOTIFICATION_MESSAGE_MAX } from '../../../shared/domain/notification';
import { REVIEW_TEXTS, type Review } from '../../../shared/domain/reviews';
import type { DomainEventOf } from '../../../shared/events';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { ReviewDeps } from './ports';
import { toReview, type ReviewRecord } from './review';
import { checkedReviewText } from './review-rules';

/** The reviewer hears of the reply, once per review (its only reply). */
function replyNotice(review: ReviewRecord, comment: string, at: string): DomainEventOf<'notify.requested'> {
  return {
    id: `notify:review-reply:${review.reviewId}`,
    type: 'notify.requested',
    occurredAt: at,
    data: {
      userId: review.reviewerId,
      type: 'other',
      title: 'Review Reply',
      message: `Your review got a reply: ${comment}`.slice(0, NOTIFICATION_MESSAGE_MAX),
      relatedId: null,
      dedupeKey: `review-reply:${review.reviewId}`,
    },
  };
}

const alreadyReplied = () => new ConflictError('You have already replied to this review', 'already_replied');

/**
 * The reviewed user replies to a review of theirs, once (decision 050). Reviews are read in the caller's own partition,
 * so anyone else's review id finds nothing (404) with no ownership check to forget; the write is conditional on there
 * being no reply yet, so two replies racing store one.
 */
export async function replyToReview(
  userId: string,
  reviewId: string,
  body: { comment: string },
  deps: Pick<ReviewDeps, 'reviews' | 'clock' | 'events' | 'warn'>,
): Promise<Review> {
  const comment = checkedReviewText(body.comment, 'comment', REVIEW_TEXTS.replyEmpty);
  const review = await deps.reviews.get(userId, reviewId);
  if (!review) throw new NotFoundError('Review not found');
  if (review.reply) throw alreadyReplied();
  const reply = { comment, createdAt: deps.clock.now().toISOString() };
  if (!(await deps.reviews.reply(userId, reviewId, reply))) throw alreadyReplied();
  try {
    await deps.events.publish([replyNotice(review, comment, reply.createdAt)]);
  } catch (error) {
    // Stored is replied: the store page shows it; only the reviewer's bell misses it.
    deps.warn('review reply stored but not announced', error);
  }
  return toReview({ ...review, reply });
}
