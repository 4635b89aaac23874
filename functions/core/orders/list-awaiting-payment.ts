import type { Clock } from '../clock/clock';
import { PAYMENT_WINDOW_MS } from './auction-payment';
import type { OrderRepository } from './order-store';
import { toOrderView, type OrderViewContext } from './order-view';

export interface ListAwaitingPaymentDeps {
  orders: Pick<OrderRepository, 'unpaidAuctionOrders'>;
  links: OrderViewContext;
  clock: Clock;
}

/**
 * The cart's won items to pay (decision 029): the buyer's auction orders not paid yet. Every one was made within
 * its payment window, so only the buyer's orders of the last window (and a margin) are read.
 */
export async function listAwaitingPayment(userId: string, deps: ListAwaitingPaymentDeps) {
  const since = new Date(deps.clock.now().getTime() - PAYMENT_WINDOW_MS - 3_600_000).toISOString();
  const orders = await deps.orders.unpaidAuctionOrders(userId, since);
  return { items: orders.map((o) => toOrderView(o, userId, deps.links)) };
}
