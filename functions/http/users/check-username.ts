import { accounts, rateLimits } from '../../adapters/auth-deps';
import { enforceRateLimit } from '../../core/auth/rate-limit';
import { usernameAvailability } from '../../core/auth/accounts';
import { httpHandler, ok, sourceIpOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.checkUsername, async ({ query, event }) => {
  await enforceRateLimit(rateLimits(), 'checkUsername', sourceIpOf(event), new Date());
  return ok(await usernameAvailability(query.username, accounts()));
});
