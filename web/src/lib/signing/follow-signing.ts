import { SIGN_IN_POLL } from '../../../../shared/domain/sign-in-poll';
import type { SocketEvent } from '../../../../shared/events';
import { ApiError } from '../api-error';
import { createRealtimeSocket, realtime, type RealtimeSocket } from '../realtime/socket';

/** What one read found: the request still open (perhaps signed already), or over, with what ended it. */
export type Reading<T> = { over: false; signed?: boolean } | { over: true; value: T };

/**
 * How following ended: a read found it over; the request's topic said it was signed (only where the signature is the
 * end), rejected, expired or timed out; 60 checks found no end; or the reads kept failing.
 */
export type SigningEnd<T> =
  | { kind: 'over'; value: T }
  | { kind: 'signed' }
  | { kind: 'cancelled' }
  | { kind: 'expired' }
  | { kind: 'timeout' }
  | { kind: 'error'; error: unknown };

/** What to follow, and how (decision 046). */
export interface SigningFollow<T> {
  /** Names what is followed: a hook follows one key once. */
  key: string;
  /** Reads where it stands: the request's own status, or what its signature does (an order, a trust line). */
  read(signal: AbortSignal): Promise<Reading<T>>;
  /**
   * The wallet request's topic (`signing:<uuid>`): a rejection, expiry or time-out there ends the follow; a signature
   * reads at once, or ends it where the signature is all that is waited for (`endsAtSignature`). With
   * `quietWhileSubscribed` the schedule only counts time while the topic is subscribed (the read tells nothing more).
   */
  request?: { uuid: string; topic: string; endsAtSignature?: boolean; quietWhileSubscribed?: boolean };
  /** Another topic whose matching events mean 'read now' (an order's `order.updated` on its user's topic). */
  wake?: { topic: string; when(event: SocketEvent): boolean };
  /**
   * The page's socket (default), authenticated with `token` when given; or 'own': a connection of its own, closed when
   * following ends (sign-in: the page's connection is opened again with the session's token right after).
   */
  connection?: RealtimeSocket | 'own';
  token?: string | null;
}

export interface SigningHandlers<T> {
  /** Signed, not over yet (the ledger still has to take what was signed). */
  onSigned?(): void;
  onEnd(end: SigningEnd<T>): void;
}

/** Failures in a row tolerated before giving up: one network blip should not end a signing. */
const MAX_FAILURES_IN_A_ROW = 3;

/** A client error other than timeout or rate limit will answer the same way on the next read. */
const isPermanent = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && ![408, 429].includes(error.status);

/**
 * The one way a wallet request is followed to its end (decision 046): pushes on the realtime socket (the request's
 * topic, and a `wake` topic) and reads on the sign-in poll's schedule (first after 2 s, then every 5 s, at most 60
 * checks; a read also when a topic is subscribed, since something may have been published before). Whichever sees the
 * end first wins; everything stops then. Returns a function that stops following.
 */
export function followSigning<T>(follow: SigningFollow<T>, on: SigningHandlers<T>): () => void {
  const own = follow.connection === 'own';
  const socket = follow.connection === 'own' ? createRealtimeSocket() : (follow.connection ?? realtime);
  const { request, wake } = follow;
  let done = false;
  let live = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let checks = 0;
  const controller = new AbortController();
  const unsubscribe: (() => void)[] = [];

  const stop = () => {
    done = true;
    clearTimeout(timer);
    controller.abort();
    if (own) socket.close();
    else for (const leave of unsubscribe) leave();
  };
  const end = (ended: SigningEnd<T>) => {
    if (done) return;
    stop();
    on.onEnd(ended);
  };

  const read = async () => {
    try {
      const reading = await follow.read(controller.signal);
      if (done) return;
      failures = 0;
      if (reading.over) end({ kind: 'over', value: reading.value });
      else if (reading.signed) on.onSigned?.();
    } catch (error) {
      if (done) return;
      failures += 1;
      if (isPermanent(error) || failures >= MAX_FAILURES_IN_A_ROW) end({ kind: 'error', error });
    }
  };

  if (!own && follow.token !== undefined) socket.setToken(follow.token);
  if (request) {
    unsubscribe.push(
      socket.subscribe(request.topic, {
        onEvent: (event) => {
          if (event.type !== 'signing.status' || event.data.uuid !== request.uuid) return;
          switch (event.data.status) {
            case 'signed':
              if (request.endsAtSignature) return end({ kind: 'signed' });
              on.onSigned?.();
              return void read();
            case 'cancelled':
            case 'expired':
              return end({ kind: event.data.status });
            case 'timed_out':
              return end({ kind: 'timeout' });
            case 'pending':
              return;
          }
        },
        // Subscribed (again): the request may have moved on while nothing was heard.
        onSubscribed: () => {
          live = true;
          void read();
        },
        onLost: () => {
          live = false;
        },
      }),
    );
  }
  if (wake) {
    unsubscribe.push(
      socket.subscribe(wake.topic, {
        onEvent: (event) => {
          if (wake.when(event)) void read();
        },
        onSubscribed: () => void read(),
      }),
    );
  }

  const tick = async () => {
    if (done) return;
    checks += 1;
    if (!(request?.quietWhileSubscribed && live)) await read();
    if (done) return;
    if (checks >= SIGN_IN_POLL.maxChecks) return end({ kind: 'timeout' });
    timer = setTimeout(() => void tick(), SIGN_IN_POLL.everyMs);
  };
  timer = setTimeout(() => void tick(), SIGN_IN_POLL.firstMs);
  return stop;
}

/** An end, or following was stopped (the page went away, the dialog was closed). */
export type EndOrStop<T> = SigningEnd<T> | { kind: 'stopped' };

/** Follows until the end or until `signal` aborts ('stopped'), for code that awaits it. */
export function followSigningToEnd<T>(
  follow: SigningFollow<T>,
  signal?: AbortSignal,
  onSigned?: () => void,
): Promise<EndOrStop<T>> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve({ kind: 'stopped' });
    const stop = followSigning(follow, { onSigned, onEnd: resolve });
    signal?.addEventListener(
      'abort',
      () => {
        stop();
        resolve({ kind: 'stopped' });
      },
      { once: true },
    );
  });
}

/**
 * The end of a request that a dialog follows, for the code that showed it and awaits it: `end` is the dialog's onEnd
 * (or an end found otherwise), `stop` a Close; `signal` aborting stops it too. The first one counts.
 */
export function awaitedEnd<T>(signal: AbortSignal) {
  let end: (ended: EndOrStop<T>) => void = () => {};
  const ended = new Promise<EndOrStop<T>>((resolve) => (end = resolve));
  const stop = () => end({ kind: 'stopped' });
  signal.addEventListener('abort', stop, { once: true });
  return { ended: ended.finally(() => signal.removeEventListener('abort', stop)), end, stop };
}
