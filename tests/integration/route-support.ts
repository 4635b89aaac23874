import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import sharp from 'sharp';
import { expect, inject } from 'vitest';
import type { Caller, RouteDef } from '../../functions/routes';
import type { CurrentUser, SignedIn, SignInCompletion } from '../../shared/api/auth';
import type { ProductLookupResult } from '../../shared/api/lookup';
import { approve, call, complete, newFundedWallet, signUpNewUser, startSignIn, waitForStatus } from './auth-support';
import { makeAdmin } from './table-support';

/**
 * What the route-table tests (authorization-matrix, contract-fuzz) share: a raw sender that can send anything (bodies on
 * a GET, any content type, broken JSON), the request a route's fixture describes, and the callers of the matrix with
 * real sessions made by the real sign-in flow.
 */

export interface RawRequest {
  method: string;
  /** Path and query string exactly as sent (already encoded, or deliberately not). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Source address (rate limits count per address). */
  from?: string;
}

export interface RawReply {
  status: number;
  text: string;
  contentType: string;
}

/** node:http rather than fetch: fetch refuses bodies on GET and normalizes paths (`..`), which the tests send. */
export function sendRaw(r: RawRequest): Promise<RawReply> {
  const base = new URL(inject('baseUrl'));
  return new Promise((resolve, reject) => {
    const req = request(
      {
        // The gateway listens on 127.0.0.1; a 127.x source can't reach ::1.
        hostname: '127.0.0.1',
        port: base.port,
        path: r.path,
        method: r.method,
        // A connection per request: junk may leave a connection unusable, and it must not fail the next request.
        agent: false,
        ...(r.from && { localAddress: r.from }),
        // Node sends a GET body unframed unless its length is given.
        headers: { ...(r.body !== undefined && { 'content-length': String(Buffer.byteLength(r.body)) }), ...r.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            contentType: String(res.headers['content-type'] ?? ''),
          }),
        );
      },
    );
    // Longer than the gateway's own handler timeout: no answer at all is the gateway's failure, not a slow handler.
    req.setTimeout(40_000, () => req.destroy(new Error('no answer within 40 s')));
    req.on('error', reject);
    req.end(r.body);
  });
}

/** One valid request to a route, as a fixture describes it. */
export interface RouteRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A session token other than the caller's own (a fresh one for a request that ends the session it is sent with). */
  token?: string;
  /** The body exactly as sent (a signed webhook's bytes); `body` is ignored then. */
  rawBody?: string;
  /** Headers beyond the usual ones (a webhook's signature). */
  headers?: Record<string, string>;
}

/** The route's path with its parameters filled in (encoded). */
export function pathOf(route: RouteDef, params: Record<string, string> = {}): string {
  return route.contract.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** A fixture's request as the web client sends it: JSON, the bearer token, and an Idempotency-Key on every POST. */
export function rawRequestOf(route: RouteDef, r: RouteRequest, token: string | undefined, from: string): RawRequest {
  const query = r.query ? `?${new URLSearchParams(r.query).toString()}` : '';
  const body = r.rawBody ?? (r.body === undefined ? undefined : JSON.stringify(r.body));
  return {
    method: route.contract.method,
    path: `${pathOf(route, r.params)}${query}`,
    from,
    body,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
      ...(route.contract.method === 'POST' && { 'idempotency-key': randomUUID() }),
      ...r.headers,
    },
  };
}

/** A signed-in account of the tests, with the source address it talks from. */
export interface Account {
  token: string;
  userId: string;
  username: string;
  wallet: string;
  from: string;
}

export const sellerProfile = {
  fullName: 'Route Table Seller',
  email: 'seller@example.com',
  phone: '+1 512 555 0142',
  address: { country: 'US', street: '100 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701' },
  returnAddress: null,
  useDifferentReturnAddress: false,
  isSeller: true,
};
export const buyerProfile = { ...sellerProfile, fullName: 'Route Table Buyer', isSeller: false };

export const listingBody = {
  title: 'Route Table Lantern',
  description: 'A brass lantern that every route test may touch.',
  category: 'Home & Garden',
  condition: 'good',
  listingType: 'fixed',
  priceCents: 4_500,
  location: { zipCode: '78701', city: 'Austin', state: 'TX' },
};

export async function signUp(from: string, prefix: string): Promise<Account> {
  const { token, wallet } = await signUpNewUser(from, prefix);
  const me = await call<CurrentUser>('GET', '/api/me', { token, from });
  expect(me.status).toBe(200);
  return { token, wallet, from, userId: me.body.id, username: me.body.username };
}

/** A sign-in request that the wallet has signed and nobody has completed yet (from a new funded wallet). */
export async function signedSignInRequest(from: string, wallet?: string) {
  const started = await startSignIn(from);
  await approve(started.deepLink, wallet ?? (await newFundedWallet(started.deepLink)));
  expect(await waitForStatus(started.uuid, from)).toBe('signed');
  return started;
}

/** A second, independent session of an account: the real sign-in flow with its wallet again. */
export async function signInAgain(a: Account): Promise<string> {
  const started = await signedSignInRequest(a.from, a.wallet);
  const done = await complete(started.uuid, started.clientSecret, a.from);
  expect(done.body.kind).toBe('session');
  return (done.body as SignedIn).session.token;
}

/** A registration ticket for a new wallet (what POST /api/users takes). */
export async function registrationTicket(from: string): Promise<string> {
  const started = await signedSignInRequest(from);
  const done = await complete(started.uuid, started.clientSecret, from);
  expect(done.body.kind).toBe('registration');
  return (done.body as Extract<SignInCompletion, { kind: 'registration' }>).ticket;
}

let png: Buffer | undefined;

/** A small image uploaded as the account's avatar upload (not yet set): its key. */
export async function uploadAvatar(a: Account): Promise<string> {
  png ??= await sharp({ create: { width: 16, height: 16, channels: 3, background: '#806040' } })
    .png()
    .toBuffer();
  const ticket = await call<{ url: string; fields: Record<string, string>; key: string }>(
    'POST',
    '/api/me/avatar-upload',
    { token: a.token, from: a.from, body: { contentType: 'image/png', size: png.length } },
  );
  expect(ticket.status).toBe(201);
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.body.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'avatar');
  expect((await fetch(ticket.body.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  return ticket.body.key;
}

/** The callers of the matrix and what their requests name: the seller's listing, store and a product image. */
export interface World {
  callers: Record<Exclude<Caller, 'visitor'>, Account>;
  /** Where each caller's requests come from (rate limits count per address, so callers don't share a budget). */
  from: Record<Caller, string>;
  /** An active listing of the seller's. */
  listingId: string;
  /** A new active listing of the seller's (or of `of`), for a request that ends one or a checkout that buys one. */
  newListing(of?: Account): Promise<string>;
  /** An active listing of the other seller's (what the seller buys: nobody may buy their own). */
  otherListingId: string;
  /** A product image of the lookup service (the one host imports may fetch from locally). */
  productImageUrl: string;
}

/**
 * Signs up the four signed-in callers (one source address each, `${net}.1` to `${net}.5` with the visitor on `.5`):
 * a buyer, the seller and another seller (selling turned on in their profiles), and an admin (the stored role).
 */
export async function buildWorld(net: string): Promise<World> {
  const from: World['from'] = {
    user: `${net}.1`,
    seller: `${net}.2`,
    otherSeller: `${net}.3`,
    admin: `${net}.4`,
    visitor: `${net}.5`,
  };
  const [user, seller, otherSeller, admin] = await Promise.all([
    signUp(from.user, 'rtbuy'),
    signUp(from.seller, 'rtsel'),
    signUp(from.otherSeller, 'rtoth'),
    signUp(from.admin, 'rtadm'),
  ]);
  for (const a of [seller, otherSeller]) {
    expect((await call('PUT', '/api/me/profile', { token: a.token, from: a.from, body: sellerProfile })).status).toBe(
      200,
    );
  }
  await makeAdmin(admin.userId);
  const me = await call<CurrentUser>('GET', '/api/me', { token: admin.token, from: admin.from });
  expect(me.body.role).toBe('admin');

  const newListing = async (of: Account = seller) => {
    const made = await call<{ id: string }>('POST', '/api/listings', {
      token: of.token,
      from: of.from,
      body: { ...listingBody, quantity: 1000, shippingType: 'free' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body.id;
  };
  const products = await call<{ items: ProductLookupResult[] }>('GET', '/api/lookup/products?q=camera', {
    token: seller.token,
    from: seller.from,
  });
  const productImageUrl = products.body.items.find((p) => p.images.length > 0)?.images[0];
  expect(productImageUrl).toBeDefined();
  return {
    callers: { user, seller, otherSeller, admin },
    from,
    listingId: await newListing(),
    newListing: (of?: Account) => newListing(of),
    otherListingId: await newListing(otherSeller),
    productImageUrl: productImageUrl!,
  };
}

/** Ends every active listing of the account, so what a route test listed leaves browse and search for other files. */
export async function endListingsOf(a: Account): Promise<void> {
  const mine = await call<{ items: { id: string; status: string }[] }>('GET', '/api/me/listings', {
    token: a.token,
    from: a.from,
  });
  for (const l of mine.body.items ?? []) {
    if (l.status === 'active')
      await call('POST', `/api/listings/${l.id}/end`, { token: a.token, from: a.from, body: {} });
  }
}
