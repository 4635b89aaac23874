import { deactivateStore } from '../../core/account-state/deactivate-store';
import { accountRequestDeps } from '../../wiring/account-state';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.deactivateStore,
  async (req) => ok(await deactivateStore(principalOf(req).userId, accountRequestDeps(req.log))),
  { idempotency: idempotentRequests('deactivateStore') },
);
