import { startSignIn } from '../../core/auth/start-sign-in';
import { startSignInDeps } from '../../wiring/sign-in';
import { created, httpHandler, sourceIpOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.startSignIn, async ({ event }) =>
  created(await startSignIn(sourceIpOf(event), startSignInDeps())),
);
