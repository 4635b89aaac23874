import { toast } from 'sonner';
import type { Order } from '../../../../shared/api/orders';
import { signingTopic } from '../../../../shared/events';
import type { RealtimeSocket } from '../realtime/socket';
import { SIGNING_TEXTS } from '../signing-texts';
import { awaitedEnd, type SigningEnd, type SigningFollow } from '../signing/follow-signing';
import { orderFollow } from './follow-order';

/** What a Payment's signing dialog does besides showing the request: follow it, tell its end, and Close. */
export interface PaymentFollow {
  follow: SigningFollow<Order>;
  onEnd(end: SigningEnd<Order>): void;
  close(): void;
}

/** How a Payment ended: the order reached `until`; failed (toasted); or stopped (Close, the page went away). */
export type PaymentEnd = { kind: 'over'; order: Order } | { kind: 'failed' } | { kind: 'stopped' };

/**
 * A seller's Payment signed in Xaman (the platform fee, a return's refund): `show` opens its signing dialog, which
 * follows it: the request's topic (`signing:<uuid>`) ends it when rejected, expired or timed out, and the order is read
 * on the signing poll's schedule (and on `order.updated`, and at once when signed) until `until`. `show(null)` closes
 * the dialog. A time-out is toasted here; `onRefused` toasts a rejection or expiry in the wallet, `onUnknown` an end
 * that says nothing of the Payment (the order could not be read: `warning` is logged then; or only signed).
 */
export async function followPayment({
  orderId,
  userId,
  token,
  socket,
  signal,
  uuid,
  until,
  show,
  warning,
  onRefused,
  onUnknown,
}: {
  orderId: string;
  userId: string;
  token: string;
  /** Another socket than the page's (tests). */
  socket?: RealtimeSocket;
  signal: AbortSignal;
  /** The wallet request's. */
  uuid: string;
  until(order: Order): boolean;
  show(dialog: PaymentFollow | null): void;
  warning: string;
  onRefused(kind: 'cancelled' | 'expired'): void;
  onUnknown(): void;
}): Promise<PaymentEnd> {
  const { ended, end, stop } = awaitedEnd<Order>(signal);
  const follow: SigningFollow<Order> = {
    ...orderFollow({ orderId, userId, token, socket, until }),
    key: uuid,
    request: { uuid, topic: signingTopic(uuid) },
  };
  show({ follow, onEnd: end, close: stop });
  const outcome = await ended;
  show(null);
  if (signal.aborted) return { kind: 'stopped' };
  switch (outcome.kind) {
    case 'stopped':
      return outcome;
    case 'cancelled':
    case 'expired':
      onRefused(outcome.kind);
      return { kind: 'failed' };
    case 'timeout':
      toast.error(SIGNING_TEXTS.timeout[0], { description: SIGNING_TEXTS.timeout[1] });
      return { kind: 'failed' };
    case 'error':
    case 'signed':
      if (outcome.kind === 'error') console.warn(warning, outcome.error);
      onUnknown();
      return { kind: 'failed' };
    case 'over':
      return { kind: 'over', order: outcome.value };
  }
}
