import { listMyOrders } from '../../core/orders/list-my-orders';
import { listMyOrdersDeps } from '../../wiring/orders';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listMyOrders, async (req) =>
  ok(await listMyOrders(principalOf(req).userId, req.query, listMyOrdersDeps())),
);
