import { accounts, rateLimits, sessionDeps, signingRequests } from '../../wiring/auth';
import { loadLedger } from '../../adapters/load-ledger';
import { mediaUrl } from '../../adapters/media-url';
import { signer } from '../../adapters/signer/xaman-signer';
import { signingEvents } from '../../adapters/signing-queue';
import { enforceRateLimit } from '../../core/auth/rate-limit';
import { completeSignIn } from '../../core/auth/sign-in';
import { httpHandler, ok, sourceIpOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.completeSignIn, async ({ params, body, event, metrics }) => {
  const now = new Date();
  await enforceRateLimit(rateLimits(), 'completeSignIn', sourceIpOf(event), now);
  const completion = await completeSignIn(params.uuid, body.clientSecret, {
    signer: signer(),
    store: signingRequests(),
    events: signingEvents,
    // Only a signed answer gets as far as the ledger.
    ledger: { verifySignInBlob: async (blob, uuid) => (await loadLedger()).verifySignInBlob(blob, uuid) },
    accounts: accounts(),
    session: sessionDeps(),
    mediaUrl,
    now,
  });
  // A new wallet gets a registration ticket instead; its sign-in counts when the account is created.
  if (completion.kind === 'session') metrics.count('SignIns');
  return ok(completion);
});
