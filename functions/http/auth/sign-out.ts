import { sessionDeps } from '../../adapters/auth-deps';
import { signOut } from '../../core/auth/sessions';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.signOut, async (req) => {
  await signOut(principalOf(req), sessionDeps(new Date()));
  return ok({ signedOut: true as const });
});
