import { signingRequests } from '../../wiring/auth';
import { signer } from '../../adapters/signer/xaman-signer';
import { signingEvents } from '../../adapters/signing-queue';
import { getSignInStatus } from '../../core/auth/sign-in';
import { httpHandler, ok } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getSignInStatus, async ({ params }) =>
  ok(
    await getSignInStatus(params.uuid, {
      signer: signer(),
      store: signingRequests(),
      events: signingEvents,
      now: new Date(),
    }),
  ),
);
