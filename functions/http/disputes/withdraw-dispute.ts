import { withdrawDispute } from '../../core/disputes/withdraw-dispute';
import { getOrder } from '../../core/orders/get-order';
import { disputedOrderDeps, withdrawDisputeDeps } from '../../wiring/disputes';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.withdrawDispute, async (req) => {
  const { userId } = principalOf(req);
  await withdrawDispute(userId, req.params.orderId, withdrawDisputeDeps());
  return ok(await getOrder(userId, req.params.orderId, disputedOrderDeps()));
});
