import { getOrder, type Order } from '../../../../shared/api/orders';
import { SIGN_IN_POLL } from '../../../../shared/domain/sign-in-poll';
import { userTopic } from '../../../../shared/events';
import { ApiError, apiGet } from '../api';
import { realtime, type RealtimeSocket } from '../realtime/socket';

/** How following one order ended: settled (funded or cancelled), 60 checks without an answer, or unreadable. */
export type FollowOutcome =
  { kind: 'settled'; order: Order } | { kind: 'timeout' } | { kind: 'error'; error: unknown } | { kind: 'stopped' };

export interface FollowOrderOptions {
  orderId: string;
  userId: string;
  token: string;
  /** Every read of the order (the dialog shows 'Confirming' once it is submitted). */
  onUpdate?(order: Order): void;
  /** Stops following (the page went away). */
  signal?: AbortSignal;
  /** When following ends (default: the order left awaiting_signature and submitting). */
  until?: (order: Order) => boolean;
  /** Hands over a function that reads the order at once (something else said it may have changed). */
  onReady?(readNow: () => void): void;
  /** Another socket than the page's (tests). */
  socket?: RealtimeSocket;
}

/** Failures in a row tolerated before giving up: one network blip should not end a checkout. */
const MAX_FAILURES_IN_A_ROW = 3;

const isPermanent = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && ![408, 429].includes(error.status);

export const isSettled = (o: Pick<Order, 'status'>) => o.status !== 'awaiting_signature' && o.status !== 'submitting';

/**
 * Follows an order until it leaves awaiting_signature and submitting, or until `until` says so (spec part 2 "Escrow
 * creation"; the seller's platform fee and a release use it too): `order.updated` events on the user's topic trigger a
 * read at once, and the order is read on the signing poll's schedule as well
 * (first after 2 s, then every 5 s, at most 60 reads). Reading the order also lets the server settle a signed request
 * it has not heard of yet.
 */
export function followOrder(opts: FollowOrderOptions): Promise<FollowOutcome> {
  const socket = opts.socket ?? realtime;
  return new Promise((resolve) => {
    let done = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let checks = 0;
    const controller = new AbortController();
    let unsubscribe = () => {};

    const finish = (outcome: FollowOutcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      unsubscribe();
      controller.abort();
      resolve(outcome);
    };

    const read = async () => {
      try {
        const order = await apiGet(getOrder, {
          params: { orderId: opts.orderId },
          token: opts.token,
          signal: controller.signal,
        });
        if (done) return;
        failures = 0;
        opts.onUpdate?.(order);
        if ((opts.until ?? isSettled)(order)) finish({ kind: 'settled', order });
      } catch (error) {
        if (done) return;
        failures += 1;
        if (isPermanent(error) || failures >= MAX_FAILURES_IN_A_ROW) finish({ kind: 'error', error });
      }
    };

    if (opts.signal?.aborted) return finish({ kind: 'stopped' });
    opts.onReady?.(() => void read());
    opts.signal?.addEventListener('abort', () => finish({ kind: 'stopped' }), { once: true });

    socket.setToken(opts.token);
    unsubscribe = socket.subscribe(userTopic(opts.userId), {
      onEvent: (event) => {
        if (event.type === 'order.updated' && event.data.orderId === opts.orderId) void read();
      },
      // Subscribed (again): an update may have been published while the socket was away.
      onSubscribed: () => void read(),
    });

    const tick = async () => {
      if (done) return;
      checks += 1;
      await read();
      if (done) return;
      if (checks >= SIGN_IN_POLL.maxChecks) return finish({ kind: 'timeout' });
      timer = setTimeout(() => void tick(), SIGN_IN_POLL.everyMs);
    };
    timer = setTimeout(() => void tick(), SIGN_IN_POLL.firstMs);
  });
}
