import { ulid } from 'ulid';
import type { SessionDeps } from '../core/auth/sessions';
import { signingKey } from '../core/auth/tokens';
import { accountStore } from './db/account-store';
import { rateLimitStore } from './db/rate-limit-store';
import { db } from './db/service';
import { sessionStore } from './db/session-store';
import { signingRequestStore } from './db/signing-request-store';
import { secrets } from './secrets';

/** The auth use cases' ports over the table and the secrets port, for this container. */
export const sessionKey = async () => signingKey(await secrets.read('sessionSigningKey'));

/** The signing key read past the cache, when it was rotated since the cached read; else null. */
const rereadSessionKey = async () => ((await secrets.refresh('sessionSigningKey')) ? sessionKey() : null);

export function sessionDeps(now: Date): SessionDeps {
  return { sessions: sessionStore(db()), key: sessionKey, rereadKey: rereadSessionKey, newId: ulid, now };
}

export const accounts = () => accountStore(db());
export const signingRequests = () => signingRequestStore(db());
export const rateLimits = () => rateLimitStore(db());
