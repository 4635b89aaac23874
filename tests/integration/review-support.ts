import type { Review } from '../../shared/domain/reviews';
import { call } from './auth-support';
import type { Account } from './route-support';

type Answer = Review & { error?: { code: string; message: string; fields?: Record<string, string> } };

/** Leave Review on an order, as the purchase page sends it (a new Idempotency-Key unless one is given). */
export function leaveReview(a: Account, orderId: string, body: unknown, idempotencyKey?: string) {
  return call<Answer>('POST', `/api/orders/${orderId}/review`, {
    token: a.token,
    from: a.from,
    body,
    ...(idempotencyKey && { idempotencyKey }),
  });
}

/** The reviewed user's reply, as the store's Reviews tab sends it. */
export function replyTo(a: Account, reviewId: string, comment: string) {
  return call<Answer>('POST', `/api/me/reviews/${reviewId}/reply`, { token: a.token, from: a.from, body: { comment } });
}
