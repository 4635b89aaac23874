import { secrets } from '../../../functions/adapters/secrets';
import { httpHandlerWith } from '../../../functions/lib/http-handler';
import { sessionAuthenticator } from '../../../functions/wiring/session';

/**
 * The deployment's handler wrapper (functions/wiring/http.ts) without maintenance mode's gate, which reads the platform
 * settings item (decision 063; its own tests are in tests/unit/core/admin-settings): these tests have no table for it.
 */
export const httpHandler = httpHandlerWith({ authenticate: sessionAuthenticator, originSecret: secrets });
