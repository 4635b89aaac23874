/**
 * What every HTTP handler is built with: the handler wrapper bound to this deployment's sessions, origin secret and
 * idempotency table (decision 044). Handlers import it from here, never from adapters.
 */
export { created, httpHandler, ok, principalOf, sourceIpOf } from '../lib/http-handler';
export type { HttpRequest, HttpResult } from '../lib/http-handler';
export { optionalPrincipal } from '../lib/session-auth';
export { idempotentRequests } from '../lib/idempotency';
export { fromCloudFront, originCheckEnabled } from '../lib/origin-verify';
