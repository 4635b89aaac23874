import { getOrder } from '../../core/orders/get-order';
import { shipOrder } from '../../core/orders/ship-order';
import { orderViewContext, shipOrderDeps } from '../../wiring/orders';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.shipOrder,
  async (req) => {
    const { userId } = principalOf(req);
    const deps = await shipOrderDeps(req.log);
    await shipOrder(userId, req.params.orderId, req.body.trackingNumber, deps);
    return ok(await getOrder(userId, req.params.orderId, { orders: deps.orders, links: orderViewContext() }));
  },
  { idempotency: idempotentRequests('shipOrder') },
);
