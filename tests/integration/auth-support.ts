import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { expect, inject } from 'vitest';
import type { SignInCompletion, SignInRequest } from '../../shared/api/auth';

/**
 * Helpers of the auth integration tests. Rate limits count per source IP, so each test file talks from its own
 * loopback address (all of 127.0.0.0/8 reaches the gateway on Linux) and never eats another file's quota.
 */
export interface Reply<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | undefined>;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  /** Source address to connect from (default the client's). */
  from?: string;
  headers?: Record<string, string>;
  /**
   * The Idempotency-Key header: like the web client, every POST sends a fresh one unless a test passes its own, or
   * null to send none. Routes that aren't idempotent ignore it.
   */
  idempotencyKey?: string | null;
}

export function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  o: CallOptions = {},
): Promise<Reply<T>> {
  const url = new URL(`${inject('baseUrl')}${path}`);
  const payload = o.body === undefined ? undefined : JSON.stringify(o.body);
  const idempotencyKey = o.idempotencyKey === undefined && method === 'POST' ? randomUUID() : o.idempotencyKey;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        ...(o.from && { localAddress: o.from }),
        // The gateway listens on 127.0.0.1; `localhost` may resolve to ::1 first, which a 127.x source can't reach.
        hostname: '127.0.0.1',
        headers: {
          ...(payload !== undefined && {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          }),
          ...(o.token && { authorization: `Bearer ${o.token}` }),
          ...(idempotencyKey && { 'idempotency-key': idempotencyKey }),
          ...o.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            body: (text ? JSON.parse(text) : undefined) as T,
            headers: res.headers,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Posts one of the Xaman stand-in sign page's forms, as a browser without script does. */
export function postForm(
  pageUrl: string,
  action: 'approve' | 'reject' | 'wallets',
  fields: Record<string, string> = {},
) {
  return fetch(`${pageUrl}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

export async function startSignIn(from: string): Promise<SignInRequest> {
  const res = await call<SignInRequest>('POST', '/api/auth/sign-in', { body: {}, from });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** A new funded dev wallet at the stand-in (made from any pending request's sign page). */
export async function newFundedWallet(deepLink: string): Promise<string> {
  const res = await postForm(deepLink, 'wallets');
  expect(res.status).toBe(303);
  return /wallet=(r\w+)/.exec(res.headers.get('location') ?? '')![1]!;
}

export async function approve(deepLink: string, wallet: string): Promise<void> {
  const res = await postForm(deepLink, 'approve', { wallet });
  expect(res.status).toBe(303);
}

export async function statusOf(uuid: string, from: string): Promise<string> {
  const res = await call<{ status: string }>('GET', `/api/auth/sign-in/${uuid}`, { from });
  expect(res.status).toBe(200);
  return res.body.status;
}

/** Waits until the request's stored status leaves pending (the queue checks after 2 s, then every 5 s). */
export async function waitForStatus(uuid: string, from: string, timeoutMs = 15_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const status = await statusOf(uuid, from);
    if (status !== 'pending' || Date.now() > until) return status;
    await new Promise((r) => setTimeout(r, 250));
  }
}

export function complete(uuid: string, clientSecret: string, from: string) {
  return call<SignInCompletion>('POST', `/api/auth/sign-in/${uuid}/complete`, { body: { clientSecret }, from });
}

/** A unique valid username (letters, digits, underscore; under 20 characters). */
export const uniqueName = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 20);

/** A new visitor with a new funded wallet signs in and creates an account: its session token and wallet. */
export async function signUpNewUser(from: string, prefix: string): Promise<{ token: string; wallet: string }> {
  const started = await startSignIn(from);
  const wallet = await newFundedWallet(started.deepLink);
  await approve(started.deepLink, wallet);
  expect(await waitForStatus(started.uuid, from)).toBe('signed');
  const done = await complete(started.uuid, started.clientSecret, from);
  expect(done.body.kind).toBe('registration');
  const ticket = (done.body as Extract<SignInCompletion, { kind: 'registration' }>).ticket;
  const created = await call<Extract<SignInCompletion, { kind: 'session' }>>('POST', '/api/users', {
    body: { username: uniqueName(prefix), ticket },
    from,
  });
  expect(created.status).toBe(201);
  return { token: created.body.session.token, wallet };
}
