import { createReview } from '../../core/reviews/create-review';
import { created, httpHandler, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { createReviewDeps } from '../../wiring/reviews';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.createReview,
  async (req) =>
    created(await createReview(principalOf(req).userId, req.params.orderId, req.body, createReviewDeps(req.log))),
  // A retried submit (lost answer, double click) gets the first answer, not a 409 for the review it made.
  { idempotency: idempotentRequests('createReview') },
);
