import WebSocket from 'ws';
import type * as z from 'zod/mini';
import { cancelSignIn, signInStatusSchema, startSignIn } from '../../shared/api/auth';
import { getHealth } from '../../shared/api/health';
import { getListing, listingPageSchema, type ListingCard } from '../../shared/api/listings';
import { HSTS_MAX_AGE_SECONDS, REFERRER_POLICY } from '../../infra/security-headers';

/** What the checks share: the site, each check's deadline, and what earlier checks found. */
export interface SmokeContext {
  /** The site's origin, e.g. https://market.example.com (no trailing slash). */
  site: string;
  /** The first listing browse returned; null when browse found none (or failed). */
  listing: ListingCard | null;
  /** The item page's response headers (the document's), for the security headers check. */
  documentHeaders: Headers | null;
  /** A site with no listings yet passes browse, and the item and search checks are skipped. */
  allowEmpty: boolean;
}

/**
 * A check passes by returning a short note (or 'skipped: why') and fails by throwing; `signal` aborts its requests
 * when its time is up. What it finds for later checks it writes on `ctx`.
 */
export type Check = (ctx: SmokeContext, signal: AbortSignal) => Promise<string>;

export class SmokeFailure extends Error {}

const fail = (message: string): never => {
  throw new SmokeFailure(message);
};

async function getJson(
  ctx: SmokeContext,
  signal: AbortSignal,
  path: string,
  init: RequestInit = {},
): Promise<{ res: Response; body: unknown }> {
  const res = await fetch(`${ctx.site}${path}`, {
    ...init,
    signal,
    headers: { accept: 'application/json', ...init.headers },
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    // Not JSON: the status check below reports it with the start of the text.
  }
  return { res, body };
}

function expectStatus(res: Response, body: unknown, status: number, what: string): void {
  if (res.status === status) return;
  const detail = typeof body === 'string' ? body.slice(0, 120) : JSON.stringify(body).slice(0, 200);
  fail(`${what} answered ${res.status}, not ${status}: ${detail}`);
}

function parse<S extends z.ZodMiniType>(schema: S, body: unknown, what: string): z.infer<S> {
  const out = schema.safeParse(body);
  if (!out.success) {
    const issue = out.error.issues[0];
    fail(`${what} is not the API's shape: ${issue ? `${issue.path.join('.')} ${issue.message}` : 'invalid'}`);
  }
  return out.data as z.infer<S>;
}

const postJson = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** The listing browse found, or why the check that needs one is skipped. */
function listingOf(ctx: SmokeContext): ListingCard | string {
  if (ctx.listing) return ctx.listing;
  if (ctx.allowEmpty) return 'skipped: browse returned no listings';
  return fail('no listing to check: browse failed or returned none');
}

export const health: Check = async (ctx, signal) => {
  const { res, body } = await getJson(ctx, signal, '/api/health');
  const health = res.status === 200 || res.status === 503 ? parse(getHealth.response, body, 'health') : null;
  const failing = health?.dependencies.filter((d) => d.status !== 'ok').map((d) => d.name) ?? [];
  if (failing.length) fail(`failing: ${failing.join(', ')}`);
  expectStatus(res, body, 200, 'GET /api/health');
  return `${health!.dependencies.length} dependencies ok`;
};

export const browse: Check = async (ctx, signal) => {
  const { res, body } = await getJson(ctx, signal, '/api/listings?sort=newest');
  expectStatus(res, body, 200, 'GET /api/listings');
  const page = parse(listingPageSchema, body, 'browse');
  ctx.listing = page.items[0] ?? null;
  if (!ctx.listing && !ctx.allowEmpty) fail('browse returned no listings (--allow-empty for a new site)');
  return `${page.items.length} listings`;
};

export const itemApi: Check = async (ctx, signal) => {
  const listing = listingOf(ctx);
  if (typeof listing === 'string') return listing;
  const { res, body } = await getJson(ctx, signal, `/api/listings/${encodeURIComponent(listing.id)}`);
  expectStatus(res, body, 200, `GET /api/listings/${listing.id}`);
  const detail = parse(getListing.response, body, 'the listing');
  if (detail.id !== listing.id) fail(`asked for ${listing.id}, got ${detail.id}`);
  return `listing ${listing.id}`;
};

/** The item page's HTML route (/item/{id}): the app's document, served with the site's headers. */
export const itemPage: Check = async (ctx, signal) => {
  const listing = listingOf(ctx);
  if (typeof listing === 'string') return listing;
  const res = await fetch(`${ctx.site}/item/${encodeURIComponent(listing.id)}`, {
    signal,
    headers: { accept: 'text/html' },
  });
  const html = await res.text();
  if (res.status !== 200) fail(`GET /item/${listing.id} answered ${res.status}`);
  if (!/^text\/html\b/.test(res.headers.get('content-type') ?? '')) {
    fail(`GET /item/${listing.id} is ${res.headers.get('content-type') ?? 'untyped'}, not HTML`);
  }
  if (!html.includes('id="root"')) fail(`GET /item/${listing.id} is not the app's document (no #root)`);
  ctx.documentHeaders = res.headers;
  return `/item/${listing.id}`;
};

/** Search for the longest word of the listing's title: the search index answers and finds something. */
export const search: Check = async (ctx, signal) => {
  const listing = listingOf(ctx);
  if (typeof listing === 'string') return listing;
  const words = listing.title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const word = words.reduce((a, b) => (b.length > a.length ? b : a), '');
  if (!word) return 'skipped: the listing title has no word';
  const { res, body } = await getJson(ctx, signal, `/api/listings?search=${encodeURIComponent(word)}`);
  expectStatus(res, body, 200, 'GET /api/listings?search');
  const page = parse(listingPageSchema, body, 'search');
  if (!page.items.length) fail(`searching "${word}" found nothing, though "${listing.title}" is listed`);
  return `"${word}": ${page.items.length} found`;
};

/**
 * The socket handshake as an anonymous visitor's browser makes it (web/src/lib/realtime/socket.ts: `/ws` on the
 * site's origin, no token): it opens, and a ping comes back as a pong through the socket routes.
 */
export const socket: Check = (ctx, signal) =>
  new Promise((resolve, reject) => {
    const url = `${ctx.site.replace(/^http/, 'ws')}/ws`;
    const ws = new WebSocket(url, { headers: { origin: ctx.site } });
    const done = (error?: Error) => {
      signal.removeEventListener('abort', abort);
      ws.removeAllListeners();
      ws.on('error', () => undefined);
      ws.terminate();
      if (error) reject(error);
      else resolve('ping answered');
    };
    const abort = () => done(signal.reason instanceof Error ? signal.reason : new SmokeFailure('aborted'));
    signal.addEventListener('abort', abort);
    ws.on('unexpected-response', (_req, res) => done(new SmokeFailure(`the upgrade answered ${res.statusCode}`)));
    ws.on('error', (error) => done(error));
    ws.on('close', (code) => done(new SmokeFailure(`closed (${code}) before a pong`)));
    ws.on('open', () => ws.send(JSON.stringify({ action: 'ping' })));
    ws.on('message', (data) => {
      let message: { type?: unknown } | null = null;
      try {
        message = JSON.parse(String(data)) as { type?: unknown } | null;
      } catch {
        done(new SmokeFailure(`the socket sent something that is not JSON: ${String(data).slice(0, 80)}`));
        return;
      }
      if (message?.type === 'pong') done();
    });
  });

/**
 * A wallet sign-in started through the app's own API (a Xaman SignIn payload) and cancelled at once with its secret,
 * so nothing is left waiting in Xaman.
 */
export const signIn: Check = async (ctx, signal) => {
  const started = await getJson(ctx, signal, startSignIn.path, postJson({}));
  expectStatus(started.res, started.body, 201, `POST ${startSignIn.path}`);
  const request = parse(startSignIn.response, started.body, 'the sign-in request');
  const path = cancelSignIn.path.replace('{uuid}', request.uuid);
  const cancelled = await getJson(ctx, signal, path, postJson({ clientSecret: request.clientSecret }));
  expectStatus(cancelled.res, cancelled.body, 200, `POST ${cancelSignIn.path}`);
  const status = parse(signInStatusSchema, cancelled.body, 'the cancelled request').status;
  if (status !== 'cancelled') fail(`the sign-in request is ${status} after cancelling`);
  return `payload ${request.uuid} created and cancelled`;
};

/**
 * The headers CloudFront adds (infra/security-headers.ts) on the app's document and on an API answer. The CSP's
 * origins differ by stage, so only its fixed directives are compared; HSTS is expected over HTTPS only.
 */
export const securityHeaders: Check = async (ctx, signal) => {
  const api = await fetch(`${ctx.site}/api/health`, { signal });
  await api.body?.cancel();
  const https = ctx.site.startsWith('https:');
  const responses: [string, Headers][] = [['/api/health', api.headers]];
  if (ctx.documentHeaders) responses.unshift(['the item page', ctx.documentHeaders]);
  const problems: string[] = [];
  for (const [where, headers] of responses) {
    const expect = (name: string, ok: (value: string) => boolean, wanted: string) => {
      const value = headers.get(name);
      if (value === null || !ok(value)) problems.push(`${where}: ${name} is ${value ?? 'missing'}, want ${wanted}`);
    };
    const csp = ["default-src 'self'", "script-src 'self'", "object-src 'none'", "frame-ancestors 'none'"];
    expect(
      'content-security-policy',
      (v) => csp.every((d) => v.split(';').some((p) => p.trim() === d)),
      csp.join('; '),
    );
    expect('x-content-type-options', (v) => v === 'nosniff', 'nosniff');
    expect('x-frame-options', (v) => v === 'DENY', 'DENY');
    expect('referrer-policy', (v) => v === REFERRER_POLICY, REFERRER_POLICY);
    if (https) {
      const hsts = `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`;
      expect('strict-transport-security', (v) => v === hsts, hsts);
    }
  }
  if (problems.length) fail(problems.join('; '));
  return `${responses.map(([where]) => where).join(' and ')}${https ? '' : ' (plain HTTP: no HSTS expected)'}`;
};
