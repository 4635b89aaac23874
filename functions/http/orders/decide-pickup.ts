import { decidePickup } from '../../core/orders/decide-pickup';
import { getOrder } from '../../core/orders/get-order';
import { decidePickupDeps, orderViewContext } from '../../wiring/orders';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.decidePickup,
  async (req) => {
    const { userId } = principalOf(req);
    const deps = await decidePickupDeps(req.log);
    await decidePickup(userId, req.params.orderId, req.body, deps);
    if (req.body.decision === 'approve') req.metrics.count('EscrowsReleased');
    return ok(await getOrder(userId, req.params.orderId, { orders: deps.orders, links: orderViewContext() }));
  },
  { idempotency: idempotentRequests('decidePickup') },
);
