import { getOrder } from '../../core/orders/get-order';
import { getOrderDeps } from '../../wiring/orders';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getOrder, async (req) =>
  ok(await getOrder(principalOf(req).userId, req.params.orderId, getOrderDeps(req.log))),
);
