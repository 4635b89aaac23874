import type { BodyOf } from '../../../../shared/api/contract';
import * as contracts from '../../../../shared/api/reviews';
import { apiSend, newIdempotencyKey } from '../../lib/api';

/**
 * Reviews (decision 050): Leave Review on an order and the reviewed user's reply. Each carries the Idempotency-Key of
 * its click, so a lost answer retried is never a second review (the server would refuse it with 409).
 */

export function createReview(
  token: string,
  orderId: string,
  body: BodyOf<typeof contracts.createReview>,
  signal?: AbortSignal,
) {
  return apiSend(contracts.createReview, {
    token,
    params: { orderId },
    body,
    idempotencyKey: newIdempotencyKey(),
    signal,
  });
}

export function replyToReview(token: string, reviewId: string, comment: string, signal?: AbortSignal) {
  return apiSend(contracts.replyToReview, {
    token,
    params: { reviewId },
    body: { comment },
    idempotencyKey: newIdempotencyKey(),
    signal,
  });
}
