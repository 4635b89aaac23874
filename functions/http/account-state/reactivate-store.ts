import { reactivateStore } from '../../core/account-state/reactivate-store';
import { accountRequestDeps } from '../../wiring/account-state';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.reactivateStore,
  async (req) => ok(await reactivateStore(principalOf(req).userId, accountRequestDeps(req.log))),
  { idempotency: idempotentRequests('reactivateStore') },
);
