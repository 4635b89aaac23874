import { rateLimits, signingRequests } from '../../wiring/auth';
import { signer } from '../../adapters/signer/xaman-signer';
import { signingQueue } from '../../adapters/signing-queue';
import { enforceRateLimit } from '../../core/auth/rate-limit';
import { startSignIn } from '../../core/auth/sign-in';
import { created, httpHandler, sourceIpOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.startSignIn, async ({ event }) => {
  const now = new Date();
  await enforceRateLimit(rateLimits(), 'startSignIn', sourceIpOf(event), now);
  return created(await startSignIn({ signer: signer(), store: signingRequests(), queue: signingQueue, now }));
});
