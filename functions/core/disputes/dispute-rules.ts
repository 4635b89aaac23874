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

/** How often a dispute's write is tried again on the order as it is now, after a change that may not matter to it. */
const WRITE_ATTEMPTS = 3;

/**
 * Runs `attempt` on the order as read, and again on a fresh read when its conditional write lost to another change
 * (the delivery check marking it delivered, say): the rules are checked again each time, so a change that does matter
 * (a release begun) gives that rule's refusal. After the last attempt, 409.
 */
export async function onFreshOrder<T>(
  read: () => Promise<OrderRecord>,
  attempt: (order: OrderRecord) => Promise<T | null>,
): Promise<T> {
  for (let i = 0; i < WRITE_ATTEMPTS; i++) {
    const done = await attempt(await read());
    if (done !== null) return done;
  }
  throw disputeChanged();
}
