import { getSignInStatus } from '../../core/auth/get-sign-in-status';
import { getSignInStatusDeps } from '../../wiring/sign-in';
import { httpHandler, ok, sourceIpOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getSignInStatus, async ({ params, event }) =>
  ok(await getSignInStatus(params.uuid, sourceIpOf(event), getSignInStatusDeps())),
);
