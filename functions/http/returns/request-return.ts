import { requestReturn } from '../../core/returns/request-return';
import { getOrder } from '../../core/orders/get-order';
import { requestReturnDeps, returnedOrderDeps } from '../../wiring/returns';
import { created, httpHandler, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.requestReturn,
  async (req) => {
    const { userId } = principalOf(req);
    await requestReturn(userId, req.params.orderId, req.body, requestReturnDeps());
    return created(await getOrder(userId, req.params.orderId, returnedOrderDeps()));
  },
  { idempotency: idempotentRequests('requestReturn') },
);
