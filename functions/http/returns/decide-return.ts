import { decideReturn } from '../../core/returns/decide-return';
import { getOrder } from '../../core/orders/get-order';
import { decideReturnDeps, returnedOrderDeps } from '../../wiring/returns';
import { ok, httpHandler, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.decideReturn,
  async (req) => {
    const { userId } = principalOf(req);
    await decideReturn(userId, req.params.orderId, req.body, decideReturnDeps());
    return ok(await getOrder(userId, req.params.orderId, returnedOrderDeps()));
  },
  { idempotency: idempotentRequests('decideReturn') },
);
