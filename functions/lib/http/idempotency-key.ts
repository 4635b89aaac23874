import { AppError } from '../errors';
import { stateOf, type HttpMiddleware } from './state';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Long enough to be unique per user action (a UUID is 36), short enough to store. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,128}$/;

/** An idempotent route's required Idempotency-Key header (the persistence itself is functions/lib/idempotency.ts). */
export function idempotencyKey(): HttpMiddleware {
  return {
    before: (request) => {
      const key = request.event.headers?.[IDEMPOTENCY_HEADER]?.trim();
      if (!key) {
        throw new AppError(
          'invalid',
          'idempotency_key_required',
          'Send an Idempotency-Key header (a new random UUID per action, the same one on retries)',
        );
      }
      if (!IDEMPOTENCY_KEY.test(key)) {
        throw new AppError(
          'invalid',
          'idempotency_key_invalid',
          'The Idempotency-Key header must be 16 to 128 letters, digits, hyphens or underscores (e.g. a UUID)',
        );
      }
      stateOf(request.event).idempotencyKey = key;
    },
  };
}
