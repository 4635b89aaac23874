import { browse, health, itemApi, itemPage, search, securityHeaders, signIn, socket, SmokeFailure } from './checks';
import type { Check, SmokeContext } from './checks';

export interface SmokeOptions {
  /** The site as people reach it: https://market.example.com, or the local stack's http://localhost:3000. */
  url: string;
  /** Each check's time limit; default 10 s. */
  timeoutMs?: number;
  /** The site serves the API only (a stack started without the web app): the item page's HTML is not checked. */
  apiOnly?: boolean;
  /** A new site without listings passes; the item and search checks are then skipped. */
  allowEmpty?: boolean;
  /** Called with each check's line as it finishes. */
  onResult?: (result: CheckResult) => void;
}

export interface CheckResult {
  name: string;
  ok: boolean;
  ms: number;
  /** What was seen, or why it failed ('skipped: ...' for a check that did not apply). */
  detail: string;
}

export interface SmokeReport {
  ok: boolean;
  results: CheckResult[];
}

export const DEFAULT_TIMEOUT_MS = 10_000;

/** In order: item checks use the listing browse found; the headers check uses the item page's document. */
const CHECKS: [string, Check][] = [
  ['health', health],
  ['browse', browse],
  ['item-api', itemApi],
  ['item-page', itemPage],
  ['search', search],
  ['socket', socket],
  ['sign-in', signIn],
  ['security-headers', securityHeaders],
];

/** The site's origin: the smoke checks a deployment's root, whatever path `url` names. */
export function siteOf(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`${url} is not an http(s) URL`);
  return parsed.origin;
}

async function runCheck(name: string, check: Check, ctx: SmokeContext, timeoutMs: number): Promise<CheckResult> {
  const started = performance.now();
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const failure = new SmokeFailure(`timed out after ${timeoutMs} ms`);
      controller.abort(failure);
      reject(failure);
    }, timeoutMs);
  });
  try {
    const detail = await Promise.race([check(ctx, controller.signal), timedOut]);
    return { name, ok: true, ms: Math.round(performance.now() - started), detail };
  } catch (error) {
    const detail =
      error instanceof SmokeFailure ? error.message : `${(error as Error).message ?? String(error)}`.slice(0, 300);
    return { name, ok: false, ms: Math.round(performance.now() - started), detail };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs every check against the site, one after another (a smoke test should not load the site), and reports each.
 * Nothing is written but what any visitor's visit writes: a socket connection while it is open and one sign-in
 * request, cancelled at once (decision 077).
 */
export async function runSmoke(opts: SmokeOptions): Promise<SmokeReport> {
  const ctx: SmokeContext = {
    site: siteOf(opts.url),
    listing: null,
    documentHeaders: null,
    allowEmpty: opts.allowEmpty ?? false,
  };
  const results: CheckResult[] = [];
  for (const [name, check] of CHECKS) {
    const result =
      name === 'item-page' && opts.apiOnly
        ? { name, ok: true, ms: 0, detail: 'skipped: API only' }
        : await runCheck(name, check, ctx, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    results.push(result);
    opts.onResult?.(result);
  }
  return { ok: results.every((r) => r.ok), results };
}

/** One line per check: status, name, time, what was seen. */
export function formatResult(r: CheckResult): string {
  const status = !r.ok ? 'FAIL' : r.detail.startsWith('skipped') ? 'skip' : 'ok';
  return `${status.padEnd(4)}  ${r.name.padEnd(16)} ${`${r.ms} ms`.padStart(8)}  ${r.detail}`;
}
