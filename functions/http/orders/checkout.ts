import { checkout } from '../../core/orders/checkout';
import { toOrderView } from '../../core/orders/order-view';
import { checkoutDeps, orderViewContext } from '../../wiring/orders';
import { created, httpHandler, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.checkout,
  async (req) => {
    const { userId } = principalOf(req);
    const orders = await checkout(userId, req.body, await checkoutDeps());
    req.metrics.count('OrdersPlaced', orders.length);
    return created({
      checkoutId: orders[0]!.checkoutId,
      orders: orders.map((o) => toOrderView(o, userId, orderViewContext())),
    });
  },
  // A retried or double-clicked checkout gets the first answer: never a second set of orders.
  { idempotency: idempotentRequests('checkout') },
);
