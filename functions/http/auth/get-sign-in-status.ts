import { getSignInStatus } from '../../core/auth/get-sign-in-status';
import { getSignInStatusDeps } from '../../wiring/sign-in';
import { httpHandler, ok } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getSignInStatus, async ({ params }) =>
  ok(await getSignInStatus(params.uuid, getSignInStatusDeps())),
);
