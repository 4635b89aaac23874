import { REVIEW_TEXTS, type Review } from '../../../shared/domain/reviews';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { ReviewDeps } from './ports';
import { toReview } from './review';
import { checkedReviewText } from './review-rules';

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
  deps: Pick<ReviewDeps, 'reviews' | 'clock'>,
): Promise<Review> {
  const comment = checkedReviewText(body.comment, 'comment', REVIEW_TEXTS.replyEmpty);
  const review = await deps.reviews.get(userId, reviewId);
  if (!review) throw new NotFoundError('Review not found');
  if (review.reply) throw alreadyReplied();
  const reply = { comment, createdAt: deps.clock.now().toISOString() };
  if (!(await deps.reviews.reply(userId, reviewId, reply))) throw alreadyReplied();
  return toReview({ ...review, reply });
}
