import { refreshSession } from '../../core/auth/refresh-session';
import { refreshSessionDeps } from '../../wiring/auth';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.refreshSession, async (req) =>
  ok(await refreshSession(principalOf(req), refreshSessionDeps())),
);
