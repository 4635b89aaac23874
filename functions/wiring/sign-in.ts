import type { CancelSignInDeps } from '../core/auth/cancel-sign-in';
import type { CompleteSignInDeps } from '../core/auth/complete-sign-in';
import type { StatusDeps } from '../core/auth/sign-in';
import type { StartSignInDeps } from '../core/auth/start-sign-in';
import { clock } from '../adapters/clock';
import { loadLedger } from '../adapters/load-ledger';
import { mediaUrl } from '../adapters/media-url';
import { signingEvents } from '../adapters/signing-queue';
import { admissionDeps } from './admin-roles';
import { accounts, rateLimits, sessionDeps } from './auth';
import { openSigningDeps } from './signing';

/*
 * The wallet sign-in's builders (decision 045), apart from ./auth: every handler's session check imports ./auth, and
 * only the sign-in routes should bundle the signer, the signing queue and the ledger.
 */

export function startSignInDeps(): StartSignInDeps {
  return { ...openSigningDeps(), rateLimits: rateLimits() };
}

export function getSignInStatusDeps(): StatusDeps {
  const { signer, store } = openSigningDeps();
  return { signer, store, events: signingEvents, clock };
}

export function completeSignInDeps(): CompleteSignInDeps {
  return {
    ...getSignInStatusDeps(),
    rateLimits: rateLimits(),
    // Only a signed answer gets as far as the ledger.
    ledger: { verifySignInBlob: async (blob, uuid) => (await loadLedger()).verifySignInBlob(blob, uuid) },
    accounts: accounts(),
    // On the system time, as every session and ticket is, since they are verified on it (lib/session-auth).
    session: sessionDeps(),
    mediaUrl,
    admission: admissionDeps(),
  };
}

export function cancelSignInDeps(): CancelSignInDeps {
  const { signer, store } = openSigningDeps();
  return { signer, store, events: signingEvents, clock, rateLimits: rateLimits() };
}
