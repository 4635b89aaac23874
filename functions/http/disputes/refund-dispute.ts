import { refundDispute } from '../../core/disputes/refund-dispute';
import { getOrder } from '../../core/orders/get-order';
import { disputedOrderDeps, refundDisputeDeps } from '../../wiring/disputes';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.refundDispute,
  async (req) => {
    const { userId } = principalOf(req);
    await refundDispute(userId, req.params.orderId, refundDisputeDeps());
    return ok(await getOrder(userId, req.params.orderId, disputedOrderDeps()));
  },
  { idempotency: idempotentRequests('refundDispute') },
);
