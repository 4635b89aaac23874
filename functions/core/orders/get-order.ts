import { NotFoundError } from '../../lib/errors';
import type { OrderRepository } from './order-store';
import { toOrderView, type OrderViewContext } from './order-view';

export interface GetOrderDeps {
  orders: Pick<OrderRepository, 'get'>;
  links: OrderViewContext;
  /** Asks the wallet service about the order's open signing request (at most every few seconds per request). */
  refreshSigning?: (uuid: string) => Promise<void>;
  /** A pickup's plain code, kept apart from the order for its buyer (decision 040). */
  pickupCodes?: { codeFor(orderId: string, buyerId: string): Promise<string | null> };
}

/** An order to one of its two parties; anyone else gets 404, as if it did not exist. */
export async function getOrder(userId: string, orderId: string, deps: GetOrderDeps) {
  let order = await deps.orders.get(orderId);
  if (!order || (order.buyerId !== userId && order.sellerId !== userId)) throw new NotFoundError('Order not found');
  if (order.status === 'awaiting_signature' && order.signing && deps.refreshSigning) {
    // A browser without a socket polls here: the signing request is read through, and a signed one settled.
    await deps.refreshSigning(order.signing.uuid);
    order = (await deps.orders.get(orderId)) ?? order;
  }
  const view = toOrderView(order, userId, deps.links);
  // Only the buyer's read of one funded pickup carries its code: never the seller's, a list, a log or an event.
  if (order.buyerId === userId && order.status === 'funded' && order.pickup && deps.pickupCodes) {
    const code = await deps.pickupCodes.codeFor(order.orderId, userId);
    if (code) return { ...view, pickupCode: code };
  }
  return view;
}
