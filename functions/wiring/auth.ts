// ---- Wallet sign-in (decision 045) ----
import type { CompleteSignInDeps } from '../core/auth/complete-sign-in';
import type { StatusDeps } from '../core/auth/sign-in';
import type { StartSignInDeps } from '../core/auth/start-sign-in';
import { systemClock } from '../core/clock/clock';
import { accounts, rateLimits, sessionDeps } from '../adapters/auth-deps';
import { clock } from '../adapters/clock';
import { loadLedger } from '../adapters/load-ledger';
import { mediaUrl } from '../adapters/media-url';
import { signingEvents } from '../adapters/signing-queue';
import { openSigningDeps } from './signing';

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
    session: sessionDeps(systemClock.now()),
    mediaUrl,
  };
}
// ---- end of wallet sign-in ----
