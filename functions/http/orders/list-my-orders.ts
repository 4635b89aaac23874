import { orderLinks } from '../../adapters/order-deps';
import { orderStore } from '../../adapters/db/order-store';
import { db } from '../../adapters/db/service';
import { listMyOrders } from '../../core/orders/activity';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listMyOrders, async (req) =>
  ok(await listMyOrders(principalOf(req).userId, req.query, { orders: orderStore(db()), links: orderLinks() })),
);
