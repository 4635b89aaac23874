import { escalateReturn } from '../../core/returns/escalate-return';
import { getOrder } from '../../core/orders/get-order';
import { escalateReturnDeps, returnedOrderDeps } from '../../wiring/returns';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.escalateReturn,
  async (req) => {
    const { userId } = principalOf(req);
    await escalateReturn(userId, req.params.orderId, escalateReturnDeps());
    return ok(await getOrder(userId, req.params.orderId, returnedOrderDeps()));
  },
  { idempotency: idempotentRequests('escalateReturn') },
);
