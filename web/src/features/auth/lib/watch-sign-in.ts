import { getSignInStatus, type SignInStatus } from '../../../../../shared/api/auth';
import { SIGN_IN_POLL } from '../../../../../shared/domain/sign-in-poll';
import { serverSocketMessageSchema, type ServerSocketMessage } from '../../../../../shared/events';
import { ApiError, apiGet } from '../../../lib/api';

export type FinalSignInStatus = Exclude<SignInStatus, 'pending'>;

/** Network and server failures in a row tolerated before giving up: one blip should not end a sign-in. */
const MAX_FAILURES_IN_A_ROW = 3;

export interface WatchSignInOptions {
  uuid: string;
  /** The request's WebSocket topic (`signing:<uuid>`). */
  topic: string;
  onFinal(status: FinalSignInStatus): void;
  /** The status could not be read (spec: 'Connection Error'). */
  onError(error: unknown): void;
}

function socketUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

function statusOf(message: ServerSocketMessage, topic: string): FinalSignInStatus | null {
  if (message.type !== 'event' || message.topic !== topic || message.event.type !== 'signing.status') return null;
  const { status } = message.event.data;
  return status === 'pending' ? null : status;
}

/** A client error other than timeout or rate limit will answer the same way on the next check. */
function isPermanent(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && ![408, 429].includes(error.status);
}

/**
 * Follows one sign-in request until it is final: status events on the WebSocket, with polling of the status route on
 * the spec's schedule as the fallback. While the socket is subscribed the scheduled checks only count time (the
 * 60-check limit still applies); one read right after subscribing catches a status published before it. Whichever
 * sees a final status first wins; both stop then. Returns a function that stops watching.
 */
export function watchSignIn(opts: WatchSignInOptions): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let socket: WebSocket | undefined;
  let socketLive = false;
  const controller = new AbortController();

  const stop = () => {
    done = true;
    clearTimeout(timer);
    controller.abort();
    if (socket && socket.readyState <= 1) socket.close();
  };
  const finish = (status: FinalSignInStatus) => {
    if (done) return;
    stop();
    opts.onFinal(status);
  };
  const fail = (error: unknown) => {
    if (done) return;
    stop();
    opts.onError(error);
  };

  let failures = 0;
  /** One status read; true when it found the request still pending (or failed in a way worth retrying). */
  const read = async (): Promise<boolean> => {
    try {
      const { status } = await apiGet(getSignInStatus, { params: { uuid: opts.uuid }, signal: controller.signal });
      if (done) return false;
      failures = 0;
      if (status !== 'pending') {
        finish(status);
        return false;
      }
    } catch (error) {
      if (done) return false;
      failures += 1;
      if (isPermanent(error) || failures >= MAX_FAILURES_IN_A_ROW) {
        fail(error);
        return false;
      }
    }
    return true;
  };

  try {
    socket = new WebSocket(socketUrl());
    socket.addEventListener('open', () => socket?.send(JSON.stringify({ action: 'subscribe', topic: opts.topic })));
    socket.addEventListener('message', (event) => {
      let message: ServerSocketMessage;
      try {
        message = serverSocketMessageSchema.parse(JSON.parse(String(event.data)));
      } catch (error) {
        console.warn('Unreadable socket message', error);
        return;
      }
      if (message.type === 'subscribed' && message.topic === opts.topic && !socketLive) {
        socketLive = true;
        void read();
        return;
      }
      const status = statusOf(message, opts.topic);
      if (status) finish(status);
    });
    const lost = () => {
      socketLive = false;
    };
    socket.addEventListener('close', lost);
    socket.addEventListener('error', lost);
  } catch (error) {
    // Polling covers it.
    console.warn('Status socket unavailable', error);
  }

  let checks = 0;
  const tick = async () => {
    if (done) return;
    checks += 1;
    const pending = socketLive ? true : await read();
    if (!pending || done) return;
    if (checks >= SIGN_IN_POLL.maxChecks) return finish('timed_out');
    timer = setTimeout(() => void tick(), SIGN_IN_POLL.everyMs);
  };
  timer = setTimeout(() => void tick(), SIGN_IN_POLL.firstMs);

  return stop;
}
