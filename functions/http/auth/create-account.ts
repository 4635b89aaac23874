import { createAccount } from '../../core/auth/create-account';
import { createAccountDeps } from '../../wiring/auth';
import { created, httpHandler, sourceIpOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.createAccount, async ({ body, event, metrics }) => {
  const account = await createAccount(body, sourceIpOf(event), createAccountDeps());
  metrics.count('SignIns');
  return created(account);
});
