import { deleteMyData } from '../../core/account-state/delete-my-data';
import { accountRequestDeps } from '../../wiring/account-state';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.deleteMyData,
  async (req) => ok(await deleteMyData(principalOf(req).userId, req.body.confirmUsername, accountRequestDeps(req.log))),
  { idempotency: idempotentRequests('deleteMyData') },
);
