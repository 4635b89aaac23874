import { resolveReturn } from '../../core/returns/resolve-return';
import { toReturnView } from '../../core/returns/return-view';
import { resolveReturnDeps } from '../../wiring/returns';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.resolveReturn,
  async (req) => {
    const ret = await resolveReturn(principalOf(req).userId, req.params.orderId, req.body, resolveReturnDeps());
    return ok({ orderId: ret.orderId, return: toReturnView(ret) });
  },
  { idempotency: idempotentRequests('resolveReturn') },
);
