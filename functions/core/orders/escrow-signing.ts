import { ORDER_WITHDRAWN } from '../../../shared/api/orders';
import { formatUsd } from '../../../shared/domain/money';
import { AppError, NotFoundError } from '../../lib/errors';
import type { OrderRecord } from './order';
import type { OrderRepository } from './order-store';

// The rules of the buyer's wallet request that pays an order into escrow (decision 023).

/** A wallet request to fund an order lapses after 5 minutes, as the signing poll does (60 checks, 5 s apart). */
export const ESCROW_SIGN_EXPIRE_MINUTES = 5;
/** The units stay reserved this long past the request's expiry (Xaman lets a request opened in time finish). */
export const SIGNING_GRACE_MS = 2 * 60_000;

/**
 * How long the wallet request may stay open, in minutes. A checkout's hold is limited (decision 041), so its request
 * must end, grace included, within the hold; with less than a minute of that left the hold is too short to sign in.
 * An auction's order (no hold) gets the whole 5 minutes.
 */
export function signingMinutes(order: Pick<OrderRecord, 'hold' | 'reservationExpiresAt'>, at: Date): number {
  if (!order.hold) return ESCROW_SIGN_EXPIRE_MINUTES;
  const left = Math.floor((Date.parse(order.reservationExpiresAt) - SIGNING_GRACE_MS - at.getTime()) / 60_000);
  if (left < 1) {
    throw new AppError(
      'invalid_state',
      'hold_ending',
      'This checkout ends in under 3 minutes, too soon to sign for it. Check out again once it has ended.',
    );
  }
  return Math.min(ESCROW_SIGN_EXPIRE_MINUTES, left);
}

/** The buyer's own order, or 404 (another user's orders do not exist for them). */
export async function buyersOrder(orders: Pick<OrderRepository, 'get'>, userId: string, orderId: string) {
  const order = await orders.get(orderId);
  if (!order || order.buyerId !== userId) throw new NotFoundError('Order not found');
  return order;
}

export function escrowInstruction(order: OrderRecord): string {
  const items = order.lines.length === 1 ? order.lines[0]!.title : `${order.lines.length} items`;
  const until = order.escrow.cancelAfter.slice(0, 10);
  return (
    `Pay ${formatUsd(order.totalCents)} RLUSD into escrow for ${items} from ${order.sellerUsername}. ` +
    `It goes to the seller only on delivery or your pickup; otherwise it can return to you after ${until}.`
  );
}

export function notAwaiting(order: OrderRecord): AppError {
  if (order.status === 'awaiting_payment')
    return new AppError('invalid_state', 'order_awaiting_payment', 'This order is waiting for payment.');
  if (order.status !== 'awaiting_signature' && order.status !== 'submitting' && order.status !== 'cancelled')
    return new AppError('invalid_state', 'order_paid', 'This order is already paid into escrow.');
  if (order.status === 'submitting')
    return new AppError('invalid_state', 'order_submitting', 'This payment is being confirmed on the ledger.');
  if (order.cancelReason === 'withdrawn') return new AppError('invalid_state', 'order_cancelled', ORDER_WITHDRAWN);
  return new AppError(
    'invalid_state',
    'order_cancelled',
    'This order was cancelled. Check out again to buy these items.',
  );
}
