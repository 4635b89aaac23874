import { respondToDispute } from '../../core/disputes/respond-to-dispute';
import { getOrder } from '../../core/orders/get-order';
import { disputedOrderDeps, respondToDisputeDeps } from '../../wiring/disputes';
import { created, httpHandler, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.respondToDispute,
  async (req) => {
    const { userId } = principalOf(req);
    await respondToDispute(userId, req.params.orderId, req.body, respondToDisputeDeps());
    return created(await getOrder(userId, req.params.orderId, disputedOrderDeps()));
  },
  // A retried answer (lost response, double click) gets the first answer, not a second copy of it.
  { idempotency: idempotentRequests('respondToDispute') },
);
