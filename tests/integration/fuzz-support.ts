import fc from 'fast-check';
import * as z from 'zod/mini';

/**
 * Input generation of the contract fuzz test: arbitraries from a route's zod schemas (through their JSON Schema, zod 4's
 * `z.toJSONSchema` of the input side) and malformed values, plus the check that an answer leaks nothing internal.
 */

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

export function jsonSchemaOf(schema: z.ZodMiniType): JsonSchema {
  // Refinements and transforms don't show in JSON Schema; the server still checks them (the fuzz sends both sides).
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Long strings of generated values stay short: huge ones are the malformed generators' job. */
const CAP = 120;

export interface GenerateOptions {
  /**
   * Hosts (`host:port`) that generated URLs point at: the server fetches some URLs it is given (photo imports), and a
   * test must not send it out to random hosts on the internet.
   */
  uriHosts: readonly string[];
}

function stringOf(s: JsonSchema, o: GenerateOptions): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? CAP, Math.max(min, CAP));
  const fits = (v: string) => v.length >= min && v.length <= (s.maxLength ?? Infinity);
  if (s.format === 'uri') {
    return fc
      .tuple(fc.webUrl({ withQueryParameters: true }), fc.constantFrom(...o.uriHosts))
      .map(([u, host]) => {
        const url = new URL(u);
        url.host = host;
        return url.toString();
      })
      .filter(fits);
  }
  if (s.format === 'date-time') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (s.format === 'email') return fc.emailAddress().filter(fits);
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
  return fc.string({
    unit: fc.oneof(
      fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
    ),
    minLength: min,
    maxLength: max,
  });
}

function numberOf(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lo = s.exclusiveMinimum ?? s.minimum;
  const hi = s.exclusiveMaximum ?? s.maximum;
  if (integer) {
    const min = lo === undefined ? Number.MIN_SAFE_INTEGER : Math.ceil(lo) + (s.exclusiveMinimum !== undefined ? 1 : 0);
    const max =
      hi === undefined ? Number.MAX_SAFE_INTEGER : Math.floor(hi) - (s.exclusiveMaximum !== undefined ? 1 : 0);
    // Small values are the interesting ones (amounts, sizes, limits); the bounds are there too.
    return fc.oneof(fc.integer({ min, max: Math.min(max, min + 100_000) }), fc.constantFrom(min, max));
  }
  return fc.double({
    min: lo ?? -1e9,
    max: hi ?? 1e9,
    minExcluded: s.exclusiveMinimum !== undefined,
    maxExcluded: s.exclusiveMaximum !== undefined,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

/** Values the schema accepts (up to refinements it can't express). */
export function arbitraryOf(s: JsonSchema, o: GenerateOptions): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (union) return fc.oneof(...union.map((u) => arbitraryOf(u, o)));
  switch (s.type) {
    case 'object': {
      const props = s.properties ?? {};
      if (Object.keys(props).length === 0 && typeof s.additionalProperties === 'object') {
        return fc.dictionary(
          s.propertyNames ? stringOf(s.propertyNames, o) : fc.string({ maxLength: 20 }),
          arbitraryOf(s.additionalProperties, o),
          { maxKeys: 5 },
        );
      }
      const model = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, arbitraryOf(v, o)]));
      return fc.record(model, { requiredKeys: s.required ?? [] });
    }
    case 'string':
      return stringOf(s, o);
    case 'integer':
      return numberOf(s, true);
    case 'number':
      return numberOf(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryOf(s.items ?? {}, o), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 10, 10),
      });
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * A valid object with one to three of its schema's fields given other valid values: odd but acceptable input that gets
 * past validation (and most refinements) into the route's own code.
 */
export function variationsOf(
  base: Record<string, unknown>,
  schema: JsonSchema,
  o: GenerateOptions,
): fc.Arbitrary<Record<string, unknown>> {
  // A union (e.g. a send of RLUSD or of XRP) is varied within the branch the valid value belongs to.
  const branch = (schema.anyOf ?? schema.oneOf)?.find((b) => (b.required ?? []).every((k) => k in base));
  const props = (branch ?? schema).properties ?? {};
  const keys = Object.keys(props);
  if (keys.length === 0) return fc.constant(base);
  return fc
    .uniqueArray(fc.constantFrom(...keys), { minLength: 1, maxLength: Math.min(3, keys.length) })
    .chain((picked) => fc.record(Object.fromEntries(picked.map((k) => [k, arbitraryOf(props[k]!, o)]))))
    .map((changed) => ({ ...base, ...changed }));
}

/** Strings that have broken parsers: traversal, encodings, control and bidi characters, lone surrogates, huge. */
export const junkString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '..',
    '../../etc/passwd',
    '..\\..\\windows',
    '%00',
    '\u0000',
    '\u202e',
    '\ud800',
    '\uffff',
    '💥🏳️‍🌈',
    'ａｄｍｉｎ',
    '__proto__',
    'constructor',
    'null',
    'undefined',
    'NaN',
    '-1',
    '1e309',
    '0x1F',
    '[object Object]',
    "'; DROP TABLE users;--",
    '<script>alert(1)</script>',
    '${jndi:ldap://x}',
    '{{7*7}}',
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer({ min: 1_000, max: 120_000 }).map((n) => 'x'.repeat(n)),
);

/** Any JSON value, often of the wrong type for where it goes. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  junkString,
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -0, [], {}, [null], { $ne: null }),
  fc.integer({ min: -1e15, max: 1e15 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Request bodies that are not JSON objects, or not JSON at all. */
export const junkBodyText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    'nul',
    '[1,2',
    'undefined',
    "{'single': 'quotes'}",
    '{"a":1,}',
    '\ufeff{}',
    '"\\ud800"',
    '1e999',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '['.repeat(20_000),
    `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
    `${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}`,
  ),
  fc.string({ unit: 'binary', maxLength: 200 }),
  junkValue.map((v) => JSON.stringify(v) ?? 'null'),
);

export const junkContentType = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/jsonx',
);

/** Query strings as sent, some not even valid percent-encoding. */
export const junkQuery = fc.oneof(
  fc.constantFrom('a=%zz', '%', '&&&', '=x', '==', 'a[b]=1', '__proto__[x]=1', '?', '#', '%00=%00', 'a=1&a=2'),
  fc
    .dictionary(
      fc.string({ maxLength: 15 }),
      junkString.map((v) => v.slice(0, 500)),
      { maxKeys: 3 },
    )
    .map((d) => new URLSearchParams(d).toString()),
);

/** Path segments sent as they are, not encoded (traversal and bad encodings the gateway must survive). */
export const rawPathSegment = fc.constantFrom(
  '..',
  '.',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f',
  '%2e%2e',
  '%zz',
  '%',
  '%00',
  '%c0%ae%c0%ae',
  '%ef%bf%bf',
  '..;',
  '~',
);

/**
 * What an answer must never carry: stack frames, error class names and messages of the runtime, SDKs and ElectroDB,
 * source paths, network errors, and (in error answers) the names of our table, bucket and queues. A match that the
 * request itself contained is an echo of the input (a field name in a validation message), not a leak.
 */
const ALWAYS = [
  /\bat [\w$.<>]+ \(?(?:file:|\/|node:)/,
  /\b(?:Type|Reference|Syntax|Range|URI|Eval)Error\b/,
  /\b[A-Z]\w+(?:Exception|Fault)\b/,
  /ElectroError|ZodError|ConditionalCheckFailed|TransactionCanceled|Powertools|middy/,
  /node_modules|\/(?:work|home|tmp|var\/task|opt)\/|[\w-]+\.(?:ts|mjs|cjs):\d+/,
  /\bE(?:CONNREFUSED|CONNRESET|NOTFOUND|TIMEDOUT|PIPE|ADDRINUSE)\b|socket hang up/,
];
const IN_ERRORS = [/\bError:/, /\barn:aws/, /amazonaws\.com/, /\bdynamo/i, /\bs3\b/i, /\bsqs\b/i, /\bstack\b/i];

export function internalLeaks(reply: { status: number; text: string }, sent: string, names: readonly string[]) {
  const patterns = reply.status >= 400 ? [...ALWAYS, ...IN_ERRORS] : ALWAYS;
  const found: string[] = [];
  for (const p of patterns) {
    const m = p.exec(reply.text);
    if (m && !sent.includes(m[0])) found.push(m[0]);
  }
  if (reply.status >= 400) for (const n of names) if (reply.text.includes(n) && !sent.includes(n)) found.push(n);
  return found;
}
