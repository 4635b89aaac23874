import { replyToReview } from '../../core/reviews/reply-to-review';
import { created, httpHandler, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { replyToReviewDeps } from '../../wiring/reviews';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.replyToReview,
  async (req) =>
    created(await replyToReview(principalOf(req).userId, req.params.reviewId, req.body, replyToReviewDeps(req.log))),
  { idempotency: idempotentRequests('replyToReview') },
);
