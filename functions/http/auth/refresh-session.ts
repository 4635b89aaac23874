import { sessionDeps } from '../../adapters/auth-deps';
import { refreshSession } from '../../core/auth/sessions';
import { httpHandler, ok, principalOf } from '../../lib/http-handler';
import { routes } from '../../routes';

export const handler = httpHandler(routes.refreshSession, async (req) =>
  ok(await refreshSession(principalOf(req), sessionDeps(new Date()))),
);
