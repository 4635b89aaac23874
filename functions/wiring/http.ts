import { secrets } from '../adapters/secrets';
import { httpHandlerWith } from '../lib/http-handler';
import { fromCloudFront as fromCloudFrontWith } from '../lib/origin-verify';
import { optionalPrincipal as optionalPrincipalWith, type Authenticator } from '../lib/session-auth';
import { maintenanceGate } from './admin-settings';
import { sessionAuthenticator } from './session';

/**
 * What every HTTP handler is built with: the handler wrapper bound to this deployment's sessions, origin secret and
 * idempotency table (decision 044). Idempotent routes take their runner from ./idempotency (kept apart: only they
 * bundle the Powertools Idempotency package). Handlers import it from here, never from adapters.
 */
export const httpHandler = httpHandlerWith({
  authenticate: sessionAuthenticator,
  originSecret: secrets,
  gate: maintenanceGate,
});
export { created, ok, principalOf, sourceIpOf } from '../lib/http-handler';
export type { HttpRequest, HttpResult } from '../lib/http-handler';
export { originCheckEnabled } from '../lib/origin-verify';

export const optionalPrincipal = (
  headers: Record<string, string | undefined> | undefined,
  authenticateWith: Authenticator = sessionAuthenticator,
) => optionalPrincipalWith(headers, authenticateWith);

/** Whether a request came through CloudFront (the WebSocket authorizer checks it itself). */
export const fromCloudFront = (headers: Record<string, string | undefined> | undefined) =>
  fromCloudFrontWith(headers, secrets);
