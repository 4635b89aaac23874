import type { Order } from '../../../../shared/api/orders';
import { userTopic } from '../../../../shared/events';
import { getOrder } from '../../domains/orders/api';
import type { RealtimeSocket } from '../realtime/socket';
import { followSigningToEnd, type SigningFollow } from '../signing/follow-signing';

/** How following one order ended: settled (funded or cancelled), 60 checks without an answer, or unreadable. */
export type FollowOutcome =
  { kind: 'settled'; order: Order } | { kind: 'timeout' } | { kind: 'error'; error: unknown } | { kind: 'stopped' };

export interface FollowOrderOptions {
  orderId: string;
  userId: string;
  token: string;
  /** Stops following (the page went away). */
  signal?: AbortSignal;
  /** When following ends (default: the order left awaiting_signature and submitting). */
  until?: (order: Order) => boolean;
  /** Another socket than the page's (tests). */
  socket?: RealtimeSocket;
}

export const isSettled = (o: Pick<Order, 'status'>) => o.status !== 'awaiting_signature' && o.status !== 'submitting';

/**
 * An order followed until `until` says so (spec part 2 "Escrow creation"; the seller's platform fee, a label and a
 * release too), as followSigning follows: `order.updated` on the user's topic reads it at once, and it is read on the
 * signing poll's schedule as well. Reading the order also lets the server settle a signed request it has not heard of
 * yet. A read that finds it submitting counts as signed.
 */
export function orderFollow({
  orderId,
  userId,
  token,
  until = isSettled,
  socket,
}: Omit<FollowOrderOptions, 'signal'>): SigningFollow<Order> {
  return {
    key: orderId,
    token,
    connection: socket,
    wake: { topic: userTopic(userId), when: (e) => e.type === 'order.updated' && e.data.orderId === orderId },
    read: async (signal) => {
      const order = await getOrder(token, orderId, signal);
      return until(order) ? { over: true, value: order } : { over: false, signed: order.status === 'submitting' };
    },
  };
}

/** Follows an order (orderFollow) until `until`, 60 checks, unreadable, or `signal`. */
export async function followOrder(opts: FollowOrderOptions): Promise<FollowOutcome> {
  const end = await followSigningToEnd(orderFollow(opts), opts.signal);
  switch (end.kind) {
    case 'over':
      return { kind: 'settled', order: end.value };
    case 'timeout':
    case 'error':
    case 'stopped':
      return end;
    default:
      // An order's follow has no request topic: nothing else ends it.
      return { kind: 'error', error: new Error(`unexpected end: ${end.kind}`) };
  }
}
