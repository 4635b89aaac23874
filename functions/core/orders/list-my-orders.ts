import { ORDERS_LISTING_SCAN } from '../../../shared/api/orders';
import { decodeTimeIdCursor, encodeTimeIdCursor } from '../../lib/time-id-cursor';
import type { OrderPosition, OrderRepository } from './order-store';
import { toOrderView, type OrderViewContext } from './order-view';

export interface ListMyOrdersDeps {
  orders: Pick<OrderRepository, 'byBuyer' | 'bySeller'>;
  links: OrderViewContext;
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
  deps: ListMyOrdersDeps,
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
