import { sessionDeps } from '../../adapters/auth-deps';
import { signOut } from '../../core/auth/sessions';
import { httpHandler, ok, principalOf } from '../../lib/http-handler';
import { routes } from '../../routes';

export const handler = httpHandler(routes.signOut, async (req) => {
  await signOut(principalOf(req), sessionDeps(new Date()));
  return ok({ signedOut: true as const });
});
