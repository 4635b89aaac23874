import type { AwaitingPaymentScope } from '../../../shared/api/orders';
import type { Clock } from '../clock/clock';
import { PAYMENT_WINDOW_MS } from './auction-payment';
import type { OrderRepository } from './order-store';
import { toOrderView, type OrderViewContext } from './order-view';

export interface ListAwaitingPaymentDeps {
  orders: Pick<OrderRepository, 'unpaidOrders'>;
  links: OrderViewContext;
  clock: Clock;
}

/**
 * The buyer's orders not paid yet: the cart's won items to pay (decision 029), or with scope 'all' My Activity's
 * Pending tab, which adds checkout's orders awaiting their escrow signature (decision 060). Every auction order was
 * made within its payment window, and a checkout's holds its units for minutes, so only the buyer's orders of the last
 * window (and a margin) are read.
 */
export async function listAwaitingPayment(
  userId: string,
  query: { scope: AwaitingPaymentScope },
  deps: ListAwaitingPaymentDeps,
) {
  const since = new Date(deps.clock.now().getTime() - PAYMENT_WINDOW_MS - 3_600_000).toISOString();
  const orders = await deps.orders.unpaidOrders(userId, since, query.scope);
  return { items: orders.map((o) => toOrderView(o, userId, deps.links)) };
}
