import { accounts, rateLimits, sessionDeps } from '../../adapters/auth-deps';
import { mediaUrl } from '../../adapters/media-url';
import { createAccount } from '../../core/auth/accounts';
import { enforceRateLimit } from '../../core/auth/rate-limit';
import { created, httpHandler, sourceIpOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.createAccount, async ({ body, event, metrics }) => {
  const now = new Date();
  await enforceRateLimit(rateLimits(), 'createAccount', sourceIpOf(event), now);
  const account = await createAccount(body, { accounts: accounts(), session: sessionDeps(now), mediaUrl });
  metrics.count('SignIns');
  return created(account);
});
