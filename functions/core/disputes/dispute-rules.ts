import { AppError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { holdEnd, type OrderDispute, type OrderRecord } from '../orders/order';
import type { DisputeRepository } from './ports';

/** The order as its buyer (403 to its seller, 404 to anyone else). */
export async function buyersOrder(disputes: Pick<DisputeRepository, 'get'>, userId: string, orderId: string) {
  const order = await disputes.get(orderId);
  if (order && order.sellerId === userId) throw new ForbiddenError("Only the order's buyer can do this.");
  if (!order || order.buyerId !== userId) throw new NotFoundError('Order not found');
  return order;
}

/** The order's open dispute, or 409. */
export function openDisputeOf(order: OrderRecord): OrderDispute {
  if (!holdEnd(order)) throw new AppError('invalid_state', 'no_open_dispute', 'This order has no open issue.');
  return order.dispute!;
}

/** The dispute ended by `by` with `status`. */
export const ended = (
  dispute: OrderDispute,
  status: OrderDispute['status'],
  by: NonNullable<OrderDispute['resolution']>['by'],
  note: string | null,
  at: string,
): OrderDispute => ({ ...dispute, status, resolution: { by, note, at } });

/** Another request changed the order first: read it again and say why this one no longer applies. */
export const disputeChanged = () =>
  new AppError('invalid_state', 'dispute_changed', 'This order changed meanwhile. Reload it and try again.');
