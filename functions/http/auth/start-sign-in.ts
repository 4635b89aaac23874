import { startSignIn } from '../../core/auth/start-sign-in';
import { startSignInDeps } from '../../wiring/auth';
import { created, httpHandler, sourceIpOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.startSignIn, async ({ event }) =>
  created(await startSignIn(sourceIpOf(event), startSignInDeps())),
);
