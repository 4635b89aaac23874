import { clock } from '../../adapters/clock';
import { orderStore } from '../../adapters/db/order-store';
import { db } from '../../adapters/db/service';
import { orderLinks } from '../../adapters/order-deps';
import { listAwaitingPayment } from '../../core/orders/activity';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listAwaitingPayment, async (req) =>
  ok(
    await listAwaitingPayment(principalOf(req).userId, clock.now(), { orders: orderStore(db()), links: orderLinks() }),
  ),
);
