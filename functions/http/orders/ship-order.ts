import { orderLinks } from '../../adapters/order-deps';
import { sellerActionDeps } from '../../adapters/settlement-deps';
import { getOrder } from '../../core/orders/activity';
import { shipOrder } from '../../core/orders/seller-actions';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.shipOrder,
  async (req) => {
    const { userId } = principalOf(req);
    const deps = await sellerActionDeps(req.log);
    await shipOrder(userId, req.params.orderId, req.body.trackingNumber, deps);
    return ok(await getOrder(userId, req.params.orderId, { orders: deps.orders, links: orderLinks() }));
  },
  { idempotency: idempotentRequests('shipOrder') },
);
