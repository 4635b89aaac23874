import { AppError } from '../../lib/errors';
import type { OrderRecord } from './order';

/** The rules every seller's action on a pending escrow (ship, decide a pickup) starts with. */

export const notPending = () =>
  new AppError('invalid_state', 'order_not_pending', "Only a pending escrow takes the seller's actions.");

/** The order, if it is funded and shipped by carrier (`pickup` false) or picked up (true). */
export function pickupOrder(order: OrderRecord, pickup: boolean): OrderRecord {
  if (order.status !== 'funded') throw notPending();
  if ((order.shipping.fulfilment === 'pickup') !== pickup) {
    throw new AppError(
      'invalid_state',
      'wrong_fulfilment',
      pickup ? 'This order ships by carrier.' : 'This order is a local pickup.',
    );
  }
  return order;
}
