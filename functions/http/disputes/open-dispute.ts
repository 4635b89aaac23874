import { openDispute } from '../../core/disputes/open-dispute';
import { getOrder } from '../../core/orders/get-order';
import { disputedOrderDeps, openDisputeDeps } from '../../wiring/disputes';
import { created, httpHandler, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.openDispute,
  async (req) => {
    const { userId } = principalOf(req);
    await openDispute(userId, req.params.orderId, req.body, openDisputeDeps());
    return created(await getOrder(userId, req.params.orderId, disputedOrderDeps()));
  },
  // A retried report (lost answer, double click) gets the first answer, not a 409 for the dispute it opened.
  { idempotency: idempotentRequests('openDispute') },
);
