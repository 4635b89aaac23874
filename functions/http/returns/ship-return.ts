import { shipReturn } from '../../core/returns/ship-return';
import { getOrder } from '../../core/orders/get-order';
import { shipReturnDeps, returnedOrderDeps } from '../../wiring/returns';
import { ok, httpHandler, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.shipReturn,
  async (req) => {
    const { userId } = principalOf(req);
    await shipReturn(userId, req.params.orderId, req.body.trackingNumber, shipReturnDeps());
    return ok(await getOrder(userId, req.params.orderId, returnedOrderDeps()));
  },
  { idempotency: idempotentRequests('shipReturn') },
);
