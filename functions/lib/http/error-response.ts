import { AppError, IdempotencyKeyReusedError, UpstreamError } from '../errors';
import type { Auth } from '../session-auth';
import { json, stateOf, type HttpMiddleware } from './state';

/** Powertools Idempotency's refusals, by error name (the package itself loads only where a route uses it). */
const IDEMPOTENCY_ERRORS: Record<string, AppError> = {
  IdempotencyValidationError: new IdempotencyKeyReusedError(),
  IdempotencyAlreadyInProgressError: new AppError(
    'invalid_state',
    'idempotency_in_progress',
    'A request with this Idempotency-Key is still being processed; try again shortly',
  ),
  IdempotencyInconsistentStateError: new AppError(
    'invalid_state',
    'idempotency_in_progress',
    'A request with this Idempotency-Key is still being processed; try again shortly',
  ),
};

/**
 * Typed errors to their status and the one JSON error shape ({ error: { code, message, requestId, fields? } }). Anything
 * else is logged and answered 500 with the request id and nothing more. A configuration fault is described only to an
 * administrator's route; elsewhere it is logged and answered with its public words (decision 078).
 */
export function errorResponse(auth: Auth = 'public'): HttpMiddleware {
  return {
    onError: (request) => {
      const state = stateOf(request.event);
      const thrown = request.error;
      let error = thrown instanceof AppError ? thrown : IDEMPOTENCY_ERRORS[thrown?.name ?? ''];
      if (error instanceof UpstreamError && error.publicAnswer && auth !== 'admin') {
        state.log.error('configuration fault', { code: error.code, detail: error.message });
        error = new AppError(error.kind, error.publicAnswer.code, error.publicAnswer.message);
      }
      if (error) {
        state.errorCode = error.code;
        const payload = {
          code: error.code,
          message: error.message,
          requestId: state.requestId,
          ...(error.fields && { fields: error.fields }),
        };
        request.response = json(error.status, { error: payload }, error.headers);
        return;
      }
      state.errorCode = 'internal';
      state.log.error('unhandled error', { error: thrown, ms: Date.now() - state.started });
      request.response = json(500, {
        error: { code: 'internal', message: 'Something went wrong on our side', requestId: state.requestId },
      });
    },
  };
}
