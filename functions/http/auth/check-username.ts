import { checkUsername } from '../../core/auth/check-username';
import { checkUsernameDeps } from '../../wiring/auth';
import { httpHandler, ok, sourceIpOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.checkUsername, async ({ query, event }) =>
  ok(await checkUsername(query.username, sourceIpOf(event), checkUsernameDeps())),
);
