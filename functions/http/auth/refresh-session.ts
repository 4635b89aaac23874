import { sessionDeps } from '../../adapters/auth-deps';
import { refreshSession } from '../../core/auth/sessions';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.refreshSession, async (req) =>
  ok(await refreshSession(principalOf(req), sessionDeps(new Date()))),
);
