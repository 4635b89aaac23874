import { ulid } from 'ulid';
import type { CheckUsernameDeps } from '../core/auth/check-username';
import type { CreateAccountDeps } from '../core/auth/create-account';
import type { SessionDeps } from '../core/auth/sessions';
import { signingKey } from '../core/auth/tokens';
import { systemClock } from '../core/clock/clock';
import { accountStore } from '../adapters/db/account-store';
import { rateLimitStore } from '../adapters/db/rate-limit-store';
import { db } from '../adapters/db/service';
import { sessionStore } from '../adapters/db/session-store';
import { signingRequestStore } from '../adapters/db/signing-request-store';
import { mediaUrl } from '../adapters/media-url';
import { secrets } from '../adapters/secrets';
import { admissionDeps } from './admin-roles';

/** The auth use cases' ports over the table and the secrets port, for this container. */
export const sessionKey = async () => signingKey(await secrets.read('sessionSigningKey'));

/** The signing key read past the cache, when it was rotated since the cached read; else null. */
const rereadSessionKey = async () => ((await secrets.refresh('sessionSigningKey')) ? sessionKey() : null);

/**
 * Sessions, tokens and per-IP limits are judged by real time, not the functions' clock: a test that moves that clock
 * (a schedule "tomorrow") keeps its signed-in users.
 */
export function sessionDeps(): SessionDeps {
  return {
    sessions: sessionStore(db()),
    key: sessionKey,
    rereadKey: rereadSessionKey,
    newId: ulid,
    clock: systemClock,
  };
}

export const accounts = () => accountStore(db());
export const signingRequests = () => signingRequestStore(db());
export const rateLimits = () => rateLimitStore(db());

export function checkUsernameDeps(): CheckUsernameDeps {
  return { accounts: accounts(), rateLimits: rateLimits(), clock: systemClock };
}

export function createAccountDeps(): CreateAccountDeps {
  return {
    accounts: accounts(),
    session: sessionDeps(),
    rateLimits: rateLimits(),
    mediaUrl,
    admission: admissionDeps(),
  };
}

export const refreshSessionDeps = sessionDeps;
export const signOutDeps = sessionDeps;

export function getMeDeps() {
  return { accounts: accounts(), mediaUrl };
}
