import {
  serverSocketMessageSchema,
  type ClientSocketMessage,
  type ServerSocketMessage,
  type SocketEvent,
} from '../../../../shared/events';
import { answered } from '../api-error';

/** What a subscriber of one topic hears. */
export interface TopicListener {
  onEvent(event: SocketEvent): void;
  /**
   * The server confirmed the subscription, after the first connect and after every reconnect: the moment to read what
   * may have been published while the socket was away.
   */
  onSubscribed?(): void;
  /** The server refused the subscription (another user's topic, too many topics). */
  onRefused?(message: string): void;
  /** The connection dropped: nothing is heard on the topic until `onSubscribed` again. */
  onLost?(): void;
}

export interface RealtimeSocketOptions {
  /** The socket's URL without a ticket (default: `/ws` on the page's origin). */
  url?: () => string;
  /** The URL that opens the socket as the session's user (default: with a one-time ticket, decision 078). */
  signedInUrl?: (base: string, token: string) => Promise<string>;
  /** Reconnect delay after the first failure, doubled per failure up to `maxDelayMs` (with jitter). */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** A ping this often keeps API Gateway's 10-minute idle timeout from closing a quiet socket. */
  pingEveryMs?: number;
  /** How long a socket with no topics left stays open (a page switch often subscribes again at once). */
  lingerMs?: number;
}

export interface RealtimeSocket {
  /** Follows a topic until the returned function is called; the socket opens on the first topic. */
  subscribe(topic: string, listener: TopicListener): () => void;
  /** The session whose user the socket connects as, with a one-time ticket (null: anonymous). A change reconnects. */
  setToken(token: string | null): void;
  /** Whether a socket is open right now (tests, diagnostics). */
  readonly connected: boolean;
  /** Ends the connection at once and forgets every topic (a connection of one's own, done with). */
  close(): void;
}

function defaultUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/**
 * One shared WebSocket for the whole page: topics are reference-counted across subscribers, the socket reconnects
 * with backoff while any topic is followed and subscribes everything again; every server message is parsed with
 * serverSocketMessageSchema (anything else is ignored with a warning).
 */
export function createRealtimeSocket(opts: RealtimeSocketOptions = {}): RealtimeSocket {
  const url = opts.url ?? defaultUrl;
  const signedInUrl =
    opts.signedInUrl ??
    ((base, session) => import('../../domains/realtime/api').then((m) => m.ticketedSocketUrl(base, session)));
  const minDelay = opts.minDelayMs ?? 500;
  const maxDelay = opts.maxDelayMs ?? 30_000;
  const pingEvery = opts.pingEveryMs ?? 5 * 60_000;
  const linger = opts.lingerMs ?? 2_000;

  const listeners = new Map<string, Set<TopicListener>>();
  let token: string | null = null;
  let socket: WebSocket | null = null;
  /** Counts connection attempts: a ticket that arrives for an abandoned one (new token, closed) is not used. */
  let attempt = 0;
  let asking = false;
  let open = false;
  let failures = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let lingerTimer: ReturnType<typeof setTimeout> | undefined;

  const send = (message: ClientSocketMessage) => {
    if (socket && open) socket.send(JSON.stringify(message));
  };

  const each = (topic: string, call: (l: TopicListener) => void) => {
    for (const l of [...(listeners.get(topic) ?? [])]) {
      try {
        call(l);
      } catch (error) {
        console.error('Topic listener failed', topic, error);
      }
    }
  };

  function onMessage(data: unknown) {
    let parsed: ServerSocketMessage;
    try {
      const result = serverSocketMessageSchema.safeParse(JSON.parse(String(data)));
      if (!result.success) throw result.error;
      parsed = result.data;
    } catch (error) {
      console.warn('Unreadable socket message', error);
      return;
    }
    switch (parsed.type) {
      case 'event':
        return each(parsed.topic, (l) => l.onEvent(parsed.event));
      case 'subscribed':
        return each(parsed.topic, (l) => l.onSubscribed?.());
      case 'error':
        if (parsed.topic) return each(parsed.topic, (l) => l.onRefused?.(parsed.message));
        console.warn('Socket error', parsed.message);
        return;
      default:
        return;
    }
  }

  function drop() {
    const s = socket;
    socket = null;
    open = false;
    clearInterval(pingTimer);
    if (s && s.readyState <= 1) s.close();
  }

  function scheduleReconnect() {
    clearTimeout(reconnectTimer);
    if (listeners.size === 0) return;
    const delay = Math.min(maxDelay, minDelay * 2 ** failures);
    failures += 1;
    // Jitter: after a server restart, sockets don't all come back in the same instant.
    reconnectTimer = setTimeout(connect, delay * (0.75 + Math.random() * 0.5));
  }

  function connect() {
    clearTimeout(reconnectTimer);
    if (socket || asking || listeners.size === 0) return;
    if (!token) return openAt(url());
    const mine = ++attempt;
    asking = true;
    signedInUrl(url(), token).then(
      (address) => {
        asking = false;
        if (mine === attempt && !socket && listeners.size > 0) openAt(address);
      },
      (error: unknown) => {
        asking = false;
        if (mine !== attempt) return;
        // The session was refused (signed out, expired): public topics still work on an anonymous socket, and the
        // session's own checks sign the page out. Anything else (offline) is retried.
        if (answered(error)) openAt(url());
        else {
          console.warn('Socket ticket unavailable', error);
          scheduleReconnect();
        }
      },
    );
  }

  function openAt(address: string) {
    if (socket || listeners.size === 0) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(address);
    } catch (error) {
      console.warn('Socket unavailable', error);
      scheduleReconnect();
      return;
    }
    socket = ws;
    ws.addEventListener('open', () => {
      if (socket !== ws) return;
      open = true;
      failures = 0;
      for (const topic of listeners.keys()) send({ action: 'subscribe', topic });
      pingTimer = setInterval(() => send({ action: 'ping' }), pingEvery);
    });
    ws.addEventListener('message', (event) => {
      if (socket === ws) onMessage((event as MessageEvent).data);
    });
    const lost = () => {
      if (socket !== ws) return;
      drop();
      for (const topic of listeners.keys()) each(topic, (l) => l.onLost?.());
      scheduleReconnect();
    };
    ws.addEventListener('close', lost);
    ws.addEventListener('error', lost);
  }

  return {
    subscribe(topic, listener) {
      clearTimeout(lingerTimer);
      let set = listeners.get(topic);
      const first = !set;
      if (!set) listeners.set(topic, (set = new Set()));
      set.add(listener);
      if (!socket) connect();
      else if (first) send({ action: 'subscribe', topic });
      // A later subscriber of a topic already confirmed is told at once (the socket won't say it again).
      else if (open) queueMicrotask(() => set.has(listener) && listener.onSubscribed?.());
      return () => {
        const current = listeners.get(topic);
        if (!current?.delete(listener) || current.size > 0) return;
        listeners.delete(topic);
        send({ action: 'unsubscribe', topic });
        if (listeners.size === 0) {
          clearTimeout(reconnectTimer);
          lingerTimer = setTimeout(() => listeners.size === 0 && drop(), linger);
        }
      };
    },
    setToken(next) {
      if (next === token) return;
      token = next;
      const connecting = socket !== null || asking;
      attempt += 1;
      asking = false;
      // The connection carries its user from the handshake: a new identity needs a new connection.
      if (connecting) {
        drop();
        connect();
      }
    },
    get connected() {
      return open;
    },
    close() {
      attempt += 1;
      asking = false;
      listeners.clear();
      clearTimeout(reconnectTimer);
      clearTimeout(lingerTimer);
      drop();
    },
  };
}

/** The page's one socket. */
export const realtime = createRealtimeSocket();
