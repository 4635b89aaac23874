import { act, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { CurrentUser } from '../../../shared/api/auth';
import { SESSION_KEYS } from '../../../web/src/lib/session/session-storage';

export interface ApiRequest {
  url: URL;
  method: string;
  /** The bearer token, if any. */
  token: string | null;
  /** Parsed JSON body (or the FormData of an upload). */
  body: unknown;
  /** The Idempotency-Key header, if any. */
  idempotencyKey: string | null;
}

export type ApiAnswer = { status?: number; body: unknown } | Promise<never>;

/**
 * Replaces global fetch: `route` sees each request (method, URL, bearer token, body) and returns the answer. A route
 * that returns undefined answers 404, so an unexpected call fails the test visibly.
 */
export function stubApi(route: (req: ApiRequest) => ApiAnswer | undefined) {
  const requests: ApiRequest[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://app.test');
    const headers = new Headers(init.headers);
    const auth = headers.get('authorization');
    let body: unknown = init.body;
    if (typeof init.body === 'string') body = JSON.parse(init.body);
    const req: ApiRequest = {
      url,
      method: init.method ?? 'GET',
      token: auth?.startsWith('Bearer ') ? auth.slice(7) : null,
      body,
      idempotencyKey: headers.get('idempotency-key'),
    };
    requests.push(req);
    if (init.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    const answer = route(req) ?? { status: 404, body: { error: { code: 'not_found', message: `No stub for ${url}` } } };
    if (answer instanceof Promise) return answer;
    return new Response(answer.status === 204 ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  const find = (method: string, path: string) => requests.filter((r) => r.method === method && r.url.pathname === path);
  return { fn, requests, find };
}

/** The writes a page made, leaving out the session's own (its renewal, the socket's ticket). */
export const pageWrites = (requests: readonly ApiRequest[]) =>
  requests.filter(
    (r) => r.method !== 'GET' && !['/api/auth/session', '/api/realtime/tickets'].includes(r.url.pathname),
  );

export const TOKEN = 'aaa.bbb.ccc';
export const NEW_TOKEN = 'ddd.eee.fff';
export const ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

export function user(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: '01JUSER',
    username: 'alice_1',
    walletAddress: ADDRESS,
    role: 'user',
    isSeller: false,
    avatarUrl: null,
    ...overrides,
  };
}

export const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** A saved session as a previous visit left it. */
export function saveSession(token = TOKEN, expiresAt = inHours(12)) {
  localStorage.setItem(SESSION_KEYS.token, token);
  localStorage.setItem(SESSION_KEYS.expiresAt, expiresAt);
  localStorage.setItem(SESSION_KEYS.walletAddress, ADDRESS);
}

/** Answers the restore calls (refresh, then /api/me) for a saved session; other requests go to `rest`. */
export function sessionRoutes(
  current: () => CurrentUser,
  rest: (req: ApiRequest) => ApiAnswer | undefined = () => undefined,
): (req: ApiRequest) => ApiAnswer | undefined {
  return (req) => {
    if (req.url.pathname === '/api/auth/session' && req.method === 'POST') {
      return { body: { token: NEW_TOKEN, expiresAt: inHours(12) } };
    }
    if (req.url.pathname === '/api/auth/session' && req.method === 'DELETE') return { body: { signedOut: true } };
    if (req.url.pathname === '/api/me' && req.method === 'GET') return { body: current() };
    // The socket's one-time ticket (decision 078), named after the token it was asked with.
    if (req.url.pathname === '/api/realtime/tickets' && req.method === 'POST' && req.token) {
      return { status: 201, body: { ticket: `ticket-${req.token.replaceAll('.', '-')}`, expiresAt: inHours(1) } };
    }
    return rest(req);
  };
}

export const balances = (list: { currency: string; value: string; cents: number | null }[] = []) => ({
  walletAddress: ADDRESS,
  balances: list.map((b) => ({ ...b, issuer: b.currency === 'XRP' ? null : 'rIssuer' })),
  explorerUrl: `http://explorer.test/accounts/${ADDRESS}`,
});

/** A WebSocket stand-in: records what the page sends; `emit` delivers a server message. */
export class FakeSocket extends EventTarget {
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.instances.push(this);
    queueMicrotask(() => {
      this.readyState = 1;
      this.dispatchEvent(new Event('open'));
    });
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  /** The server or the network ends the connection. */
  drop() {
    this.readyState = 3;
    this.dispatchEvent(new Event('close'));
  }
  emit(message: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
}

export function stubSocket() {
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  return FakeSocket;
}

/** A signing.status frame exactly as the server sends it (the app parses frames with serverSocketMessageSchema). */
export function signingStatusFrame(uuid: string, status: string, purpose = 'sign-in') {
  const topic = `signing:${uuid}`;
  return {
    type: 'event',
    topic,
    event: {
      id: `${uuid}:${status}`,
      occurredAt: '2026-01-01T00:00:00.000Z',
      type: 'signing.status',
      topic,
      data: { uuid, purpose, status },
    },
  };
}

/** Waits until a socket the page opened has asked for `topic`. */
export async function subscribedTo(topic: string) {
  await waitFor(() =>
    expect(FakeSocket.instances.some((s) => s.sent.some((m) => JSON.stringify(m).includes(topic)))).toBe(true),
  );
}

/** Delivers an event on `topic` to every socket the page opened, as the server frames it. */
export function pushEvent(topic: string, event: { id: string; occurredAt: string; type: string; data: unknown }) {
  for (const socket of FakeSocket.instances) {
    act(() => socket.emit({ type: 'event', topic, event: { ...event, topic } }));
  }
}
