import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { routeList, routes, type RouteDef } from '../../functions/routes';
import { LOCAL_MEDIA_BUCKET, LOCAL_TABLE_NAME } from '../../infra/local/env';
import { defaultNetworkSettings } from '../../shared/api/admin-network';
import { DEFAULT_SELLER_SETTINGS } from '../../shared/domain/seller-settings';
import { call } from './auth-support';
import {
  arbitraryOf,
  internalLeaks,
  jsonSchemaOf,
  junkBodyText,
  junkContentType,
  junkQuery,
  junkString,
  junkValue,
  rawPathSegment,
  variationsOf,
  type GenerateOptions,
} from './fuzz-support';
import { fixtures, type Fixture } from './route-fixtures';
import {
  buildWorld,
  endListingsOf,
  rawRequestOf,
  sellerProfile,
  sendRaw,
  type RawReply,
  type RawRequest,
  type RouteRequest,
  type World,
} from './route-support';

/**
 * Contract fuzzing: every route of functions/routes.ts gets its fixture's valid request, the malformed requests every
 * route must refuse with a 4xx JSON error (broken JSON, a body of the wrong type, unknown fields, over 1 MB), and at
 * least RUNS more generated from its zod schemas or broken on purpose (wrong types, nulls, missing and extra fields,
 * huge and odd unicode strings, bad JSON, wrong content types, traversal and bad encodings in the path, junk tokens and
 * Idempotency-Keys), with the seller's real session on user routes and an administrator's on admin routes. No answer may be a 5xx, anything but JSON, or show
 * anything internal. Seeded: a failure prints FUZZ_SEED, and `FUZZ_SEED=<n> npx vitest run ...` sends the same inputs.
 */
const RUNS = 100;
const CONCURRENCY = 6;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const INTERNAL_NAMES = [LOCAL_TABLE_NAME, LOCAL_MEDIA_BUCKET];
/** The fuzz talks from its own address: the fixtures' sign-ins must not share its rate-limit budget. */
const FUZZ_FROM = '127.0.72.9';

interface FuzzCase {
  request: RawRequest;
  /** A request every route must refuse with a 4xx JSON error, not merely answer below 500. */
  refused?: boolean;
}

/** The per-route seed: stable when routes are added or reordered. */
const seedOf = (name: string) => [...name].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) | 0, SEED);

/** Percent-encoded; a lone surrogate (which encodeURIComponent refuses) goes as its UTF-8 bytes, U+FFFD. */
function encode(v: unknown): string {
  try {
    return encodeURIComponent(String(v));
  } catch {
    return [...Buffer.from(String(v), 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}
/** Junk short enough for a URL: CloudFront and API Gateway refuse long ones before any function runs. */
const urlJunk = junkString.map((v) => v.slice(0, 500));
const encodeAll = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, encode(v)]));
const queryString = (o: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(o).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString();
const fill = (route: RouteDef, encoded: Record<string, string>) =>
  route.contract.path.replace(/\{(\w+)\}/g, (_, n: string) => encoded[n] ?? '');

/** A valid value broken in one place: a key dropped, a value of the wrong type, an unknown key, one level down too. */
function broken(value: unknown, depth = 0): fc.Arbitrary<unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || depth > 1) return junkValue;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj);
  const extra = fc
    .tuple(fc.oneof(fc.string({ minLength: 1, maxLength: 20 }), fc.constantFrom('__proto__', 'constructor')), junkValue)
    .map(([k, v]) => ({ ...obj, [k]: v }));
  if (keys.length === 0) return extra;
  const key = fc.constantFrom(...keys);
  return fc.oneof(
    key.map((k) => Object.fromEntries(Object.entries(obj).filter(([x]) => x !== k))),
    fc.tuple(key, junkValue).map(([k, v]) => ({ ...obj, [k]: v })),
    key.chain((k) => broken(obj[k], depth + 1).map((v) => ({ ...obj, [k]: v }))),
    extra,
  );
}

const junkAuth = (valid: string) =>
  fc.constantFrom(
    'Bearer',
    'Bearer x.y.z',
    'Basic dXNlcjpwYXNz',
    `Bearer ${valid.slice(0, -2)}${valid.endsWith('AA') ? 'BB' : 'AA'}`,
    `Bearer ${valid}.extra`,
    `Bearer ${'a'.repeat(4000)}.b.c`,
    `bearer  ${valid}  `,
  );

/** One request as parts; what a generated case leaves out is the fixture's valid request's. */
interface Parts {
  params: Record<string, string>;
  query: string;
  body?: string;
  contentType?: string;
  auth?: string;
  idempotencyKey?: string;
}

/**
 * Routes whose valid generated requests keep the fixture's path parameters: a generated API key name would save a
 * generated value as a credential every function of the stack then uses (decision 071); the fixture's is the UPC key,
 * which the local stand-in takes in any form. Broken parameters are still sent.
 */
const PINNED_PARAMS: ReadonlySet<string> = new Set([routes.saveApiKey.name]);

/**
 * Generated requests to one route, each the fixture's valid request changed in one respect: valid but odd values (the
 * most, so the route's own code runs on them), everything from the schemas, or broken path parameters, query, body,
 * content type, token or Idempotency-Key.
 */
function generated(route: RouteDef, base: RouteRequest, session: string, gen: GenerateOptions): fc.Arbitrary<FuzzCase> {
  const c = route.contract;
  const pinned = PINNED_PARAMS.has(route.name);
  const [params, query, body] = [jsonSchemaOf(c.params), jsonSchemaOf(c.query), c.body && jsonSchemaOf(c.body)];
  const paramNames = Object.keys(params.properties ?? {});
  const queryKeys = Object.keys(query.properties ?? {});
  const token = base.token ?? session;
  const valid: Parts = {
    params: encodeAll(base.params ?? {}),
    query: queryString(base.query ?? {}),
    ...(base.body !== undefined && { body: JSON.stringify(base.body), contentType: 'application/json' }),
    ...(route.auth !== 'public' && { auth: `Bearer ${token}` }),
    ...(c.method === 'POST' && { idempotencyKey: randomUUID() }),
  };
  const asObject = (v: unknown) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {});
  const each = (arb: fc.Arbitrary<string>) => fc.record(Object.fromEntries(paramNames.map((n) => [n, arb])));
  const json = (b: unknown) => ({ body: JSON.stringify(b) ?? 'null', contentType: 'application/json' });

  const odd = fc
    .tuple(
      pinned ? fc.constant(asObject(base.params)) : variationsOf(asObject(base.params), params, gen),
      variationsOf(asObject(base.query), query, gen),
      body ? variationsOf(asObject(base.body), body, gen) : fc.constant(undefined),
      fc.nat(2),
    )
    .map(([p, q, b, which]): Partial<Parts> => {
      // One of them, or path and query only when there is no body.
      if (which === 0 && paramNames.length) return { params: encodeAll(p) };
      if (which === 1 && queryKeys.length) return { query: queryString(q) };
      return b ? json(b) : { params: encodeAll(p), query: queryString(q) };
    });
  const schemaOnly = fc
    .tuple(
      pinned ? fc.constant(base.params) : arbitraryOf(params, gen),
      arbitraryOf(query, gen),
      body ? arbitraryOf(body, gen) : fc.constant(undefined),
    )
    .map(([p, q, b]): Partial<Parts> => ({
      params: encodeAll(asObject(p)),
      query: queryString(asObject(q)),
      ...(b !== undefined && json(b)),
    }));
  const badParams = paramNames.length
    ? fc.oneof(
        each(urlJunk).map((p): Partial<Parts> => ({ params: encodeAll(p) })),
        each(rawPathSegment).map((p) => ({ params: p })),
      )
    : fc.constant<Partial<Parts>>({});
  const badQuery = fc.oneof(
    queryKeys.length
      ? fc
          .tuple(fc.constantFrom(...queryKeys), urlJunk)
          .map(([k, v]): Partial<Parts> => ({ query: queryString({ ...base.query, [k]: v }) }))
      : junkQuery.map((q) => ({ query: q })),
    junkQuery.map((q): Partial<Parts> => ({ query: q })),
  );
  const badBody = fc.oneof(
    broken(base.body ?? {}).map((b): Partial<Parts> => json(b)),
    junkBodyText.map((t): Partial<Parts> => ({ body: t, contentType: 'application/json' })),
    junkContentType.map((t): Partial<Parts> => ({ body: valid.body ?? '{}', contentType: t })),
  );
  const badHeaders = fc.oneof(
    junkAuth(token).map((a): Partial<Parts> => ({ auth: a })),
    fc.constantFrom<Partial<Parts>>({ auth: undefined }, { auth: `Bearer ${token}` }),
    ...(c.method === 'POST'
      ? [
          fc
            .constantFrom(undefined, '', 'short', 'k'.repeat(300), 'has spaces in it 1234', '../../etc/passwd!!')
            .map((k): Partial<Parts> => ({ idempotencyKey: k })),
        ]
      : []),
  );
  const change = fc.oneof(
    { weight: 4, arbitrary: odd },
    { weight: 1, arbitrary: schemaOnly },
    { weight: 1, arbitrary: badParams },
    { weight: 1, arbitrary: badQuery },
    { weight: 2, arbitrary: badBody },
    { weight: 1, arbitrary: badHeaders },
  );
  // A fresh Idempotency-Key per request (a reused one with another body is a 422, not what is being tried).
  return fc.tuple(change, fc.uuid()).map(([changed, key]) => {
    const p: Parts = { ...valid, ...(valid.idempotencyKey && { idempotencyKey: key }), ...changed };
    return {
      request: {
        method: c.method,
        path: `${fill(route, p.params)}${p.query ? `?${p.query}` : ''}`,
        body: p.body,
        headers: {
          ...(p.body !== undefined && p.contentType !== undefined && { 'content-type': p.contentType }),
          ...(p.auth !== undefined && { authorization: p.auth }),
          ...(p.idempotencyKey !== undefined && { 'idempotency-key': p.idempotencyKey }),
        },
      },
    };
  });
}

/** What every route must refuse with a 4xx JSON error, sent otherwise as the fixture's valid request. */
function refusals(valid: RawRequest, base: RouteRequest): FuzzCase[] {
  const json = (body: string, path = valid.path): FuzzCase => ({
    refused: true,
    request: { ...valid, path, body, headers: { ...valid.headers, 'content-type': 'application/json' } },
  });
  const withField = { ...(typeof base.body === 'object' && base.body !== null ? base.body : {}), notAField: true };
  return [
    json('{"oops": '),
    json('[1, 2, 3]'),
    json('"text"'),
    json(JSON.stringify(withField)),
    json(JSON.stringify({ blob: 'x'.repeat(1024 * 1024 + 10) })),
    { refused: true, request: { ...valid, path: `${valid.path}${valid.path.includes('?') ? '&' : '?'}notAField=1` } },
  ];
}

/** Why an answer is wrong, if it is. */
function problems(route: RouteDef, fuzz: FuzzCase, reply: RawReply): string[] {
  const out: string[] = [];
  if (reply.status === 0) return [reply.text];
  if (fuzz.refused && (reply.status < 400 || reply.status >= 500)) out.push(`not refused: ${reply.status}`);
  if (!reply.contentType.includes('application/json')) out.push(`content-type ${reply.contentType}`);
  let body: { error?: { code?: unknown; message?: unknown } } | undefined;
  try {
    body = JSON.parse(reply.text) as typeof body;
  } catch {
    out.push('body is not JSON');
  }
  // A 500 is a bug, and so is a handler that hangs (the gateway's 503 timeout). A route may answer another 5xx on
  // purpose: with its own error code (an import's image host failed, 502) or its contract's answer (health: failing).
  const code = body?.error?.code;
  const meant = code ? code !== 'internal' && code !== 'timeout' : route.contract.response.safeParse(body).success;
  if (reply.status === 500 || (reply.status > 500 && !meant)) out.push(`status ${reply.status}`);
  const errorShaped = typeof body?.error?.code === 'string' && typeof body.error.message === 'string';
  if (reply.status >= 400 && !errorShaped && !(reply.status > 500 && meant)) {
    out.push('no { error: { code, message } }');
  }
  const sent = `${fuzz.request.path} ${fuzz.request.body?.toString() ?? ''}`;
  const leaks = internalLeaks(reply, sent, INTERNAL_NAMES);
  if (leaks.length) out.push(`internal text: ${leaks.join(', ')}`);
  return out;
}

async function inPool<T, R>(items: readonly T[], n: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

/**
 * Fuzzes every `parts`-th route from `part` on: the suite is split over files in both integration halves, so the two
 * stacks share its time (decision 048).
 */
export function fuzzRoutes(part: number, parts: number): void {
  let world: World;
  let token: string;
  /** The platform settings as the fuzz found them: generated saves are undone with them (decision 063). */
  let platformSettings: unknown;

  beforeAll(async () => {
    world = await buildWorld('127.0.72');
    token = world.callers.seller.token;
    const { admin } = world.callers;
    const read = await call<{ settings: unknown }>('GET', '/api/admin/settings', {
      token: admin.token,
      from: admin.from,
    });
    platformSettings = read.body.settings;
  }, 120_000);

  // A generated profile may turn selling off, generated settings direct contact or notifications (decision 057); the next
  // route needs the seller as it was.
  afterEach(async ({ task }) => {
    await call('PUT', '/api/me/profile', { token, from: world.callers.seller.from, body: sellerProfile });
    await call('PUT', '/api/me/seller-settings', {
      token,
      from: world.callers.seller.from,
      body: DEFAULT_SELLER_SETTINGS,
    });
    // Generated network settings may shorten the escrow window every later checkout takes (decision 064) and point every
    // function's ledger connection at generated endpoints (decision 072): the stack's own ledger again.
    if (task.suite?.name.startsWith('saveNetworkSettings:')) {
      const admin = world.callers.admin;
      const body = defaultNetworkSettings(inject('ledgerUrl'));
      await call('PUT', '/api/admin/network', { token: admin.token, from: admin.from, body });
    }
    // Generated platform settings may turn maintenance mode on, lower the photo limit or the lookups a minute.
    if (task.suite?.name.startsWith('updateAdminSettings:')) {
      const admin = world.callers.admin;
      await call('PUT', '/api/admin/settings', { token: admin.token, from: admin.from, body: platformSettings });
    }
  });

  afterAll(async () => {
    if (world) await endListingsOf(world.callers.seller);
  });

  describe.each(
    routeList
      .filter((_, i) => i % parts === part)
      .map((r) => [`${r.name}: ${r.contract.method} ${r.contract.path}`, r] as const),
  )('%s', (_, route) => {
    it(`answers ${RUNS}+ generated and malformed requests without a 5xx or an internal message`, async () => {
      const fixture = (fixtures as Partial<Record<string, Fixture>>)[route.name];
      expect(fixture, `fixture for ${route.name} in tests/integration/route-fixtures.ts`).toBeDefined();
      // A caller the route's row lets through (the seller's session on most user routes, the buyer's on a route for an
      // order's buyer, an administrator's on admin routes), so the valid request gets through.
      const caller = (['seller', 'user', 'admin'] as const).find((c) => route.access[c] < 300) ?? 'seller';
      const me = world.callers[caller];
      const session = caller === 'seller' ? token : me.token;
      const base = await fixture!({ caller, me, from: me.from, world });
      const valid = rawRequestOf(route, base, route.auth === 'public' ? undefined : (base.token ?? session), me.from);
      const gen = { uriHosts: [new URL(world.productImageUrl).host, 'images.invalid', '127.0.0.1', '169.254.169.254'] };
      const cases: FuzzCase[] = [
        ...refusals(valid, base),
        ...fc.sample(generated(route, base, session, gen), { seed: seedOf(route.name), numRuns: RUNS }),
      ].map((f) => ({ ...f, request: { ...f.request, from: FUZZ_FROM } }));

      // The valid request first: it must succeed (the fuzz reaches the route's own code, not only its guards).
      const first = await sendRaw(valid);
      expect(first.status, first.text.slice(0, 300)).toBeLessThan(300);
      const replies = await inPool(cases, CONCURRENCY, (f) =>
        sendRaw(f.request).catch((e: Error) => ({ status: 0, text: `no answer: ${e.message}`, contentType: '' })),
      );
      const statuses: Record<number, number> = {};
      for (const r of replies) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      const failures = cases
        .map((f, i) => ({ f, reply: replies[i]!, why: problems(route, f, replies[i]!) }))
        .filter((x) => x.why.length > 0);
      const report = failures
        .slice(0, 5)
        .map(({ f, reply, why }) =>
          [
            `- ${why.join('; ')}`,
            `  ${f.request.method} ${cut(f.request.path, 200)}`,
            `  headers ${cut(JSON.stringify(f.request.headers).replaceAll(session, '<session token>'), 200)}`,
            `  body ${cut(f.request.body?.toString() ?? '(none)', 300)}`,
            `  -> ${reply.status} ${cut(reply.text, 300)}`,
          ].join('\n'),
        )
        .join('\n');
      const summary = `FUZZ_SEED=${SEED}: ${failures.length} of ${cases.length} failed; statuses ${JSON.stringify(statuses)}`;
      expect(failures.length, `${summary}\n${report}`).toBe(0);
    }, 90_000);
  });
}
