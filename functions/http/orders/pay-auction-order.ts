import { payAuctionOrder } from '../../core/orders/pay-auction-order';
import { toOrderView } from '../../core/orders/order-view';
import { orderViewContext, payAuctionOrderDeps } from '../../wiring/orders';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.payAuctionOrder,
  async (req) => {
    const { userId } = principalOf(req);
    const order = await payAuctionOrder(userId, req.params.orderId, req.body, await payAuctionOrderDeps());
    return ok(toOrderView(order, userId, orderViewContext()));
  },
  // A retried payment gets the first answer: one set of escrow terms per attempt.
  { idempotency: idempotentRequests('payAuctionOrder') },
);
