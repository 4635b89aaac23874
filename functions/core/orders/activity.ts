import { NotFoundError } from '../../lib/errors';
import { decodeTimeIdCursor, encodeTimeIdCursor } from '../../lib/time-id-cursor';
import { ORDERS_LISTING_SCAN } from '../../../shared/api/orders';
import type { OrderPosition, OrderRepository } from './order-store';
import { PAYMENT_WINDOW_MS } from './auction-payment';
import { toOrderView, type OrderLinks } from './order-view';

export interface ActivityDeps {
  orders: Pick<OrderRepository, 'get' | 'byBuyer' | 'bySeller' | 'unpaidAuctionOrders'>;
  links: OrderLinks;
  /** Asks the wallet service about the order's open signing request (at most every few seconds per request). */
  refreshSigning?: (uuid: string) => Promise<void>;
  /** A pickup's plain code, kept apart from the order for its buyer (decision 040). */
  pickupCodes?: { codeFor(orderId: string, buyerId: string): Promise<string | null> };
}

/** An order to one of its two parties; anyone else gets 404, as if it did not exist. */
export async function getOrder(userId: string, orderId: string, deps: ActivityDeps) {
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

const encode = (p: OrderPosition) => encodeTimeIdCursor(p.createdAt, p.orderId);

function decode(cursor: string | undefined): OrderPosition | null {
  const at = decodeTimeIdCursor(cursor);
  return at && { createdAt: at.time, orderId: at.id };
}

/** Purchases (as buyer) or sales (as seller), newest first. */
export async function listMyOrders(
  userId: string,
  q: { role: 'buyer' | 'seller'; limit: number; cursor?: string; listingId?: string },
  deps: ActivityDeps,
) {
  if (q.listingId !== undefined) {
    const listingId = q.listingId;
    const page =
      q.role === 'buyer'
        ? await deps.orders.byBuyer(userId, null, ORDERS_LISTING_SCAN)
        : await deps.orders.bySeller(userId, null, ORDERS_LISTING_SCAN);
    const matching = page.orders.filter((o) => o.lines.some((l) => l.listingId === listingId));
    return { items: matching.map((o) => toOrderView(o, userId, deps.links)), nextCursor: null };
  }
  const after = decode(q.cursor);
  const page =
    q.role === 'buyer'
      ? await deps.orders.byBuyer(userId, after, q.limit)
      : await deps.orders.bySeller(userId, after, q.limit);
  return {
    items: page.orders.map((o) => toOrderView(o, userId, deps.links)),
    nextCursor: page.after ? encode(page.after) : null,
  };
}

/**
 * The cart's won items to pay (decision 029): the buyer's auction orders not paid yet. Every one was made within
 * its payment window, so only the buyer's orders of the last window (and a margin) are read.
 */
export async function listAwaitingPayment(userId: string, now: Date, deps: ActivityDeps) {
  const since = new Date(now.getTime() - PAYMENT_WINDOW_MS - 3_600_000).toISOString();
  const orders = await deps.orders.unpaidAuctionOrders(userId, since);
  return { items: orders.map((o) => toOrderView(o, userId, deps.links)) };
}
