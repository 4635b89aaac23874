import type { IncomingMessage, ServerResponse } from 'node:http';
import { clock, clockOffsetMs, setClock } from '../../functions/adapters/clock';
import { isSkippedRun } from '../../functions/lib/one-run-at-a-time';
import type { ScheduleDef } from '../../functions/routes';
import { writeJsonError } from './api-event';
import { refuseCrossSite } from './cross-site';
import { readBody } from './read-body';
import { runSchedule } from './timers';

/** Operator and test controls of the local runtime only: nothing under this prefix exists in AWS. */
export const LOCAL_CONTROLS_PREFIX = '/_local/';

async function readJson(req: IncomingMessage, limit = 4096): Promise<unknown> {
  const body = await readBody(req, limit);
  if (body === undefined) throw new Error('body too large');
  const text = body.toString('utf8').trim();
  try {
    return text === '' ? {} : JSON.parse(text);
  } catch {
    throw new Error('body is not JSON');
  }
}

function writeJson(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
  res.end(text);
}

/** An optional `{ "at": "<ISO time>" }`: the time a run or the clock should read. */
function atOf(body: unknown): Date | null | 'invalid' {
  const at = (body as { at?: unknown } | null)?.at;
  if (at === undefined) return null;
  const d = typeof at === 'string' ? new Date(at) : new Date(NaN);
  return Number.isNaN(d.getTime()) ? 'invalid' : d;
}

/** How long a run asked for waits for a run of the same job already under way (a timer's) before it answers 'skipped'. */
const WAIT_FOR_RUN_MS = 120_000;

/**
 * Runs a schedule now, as asked. A job that runs one at a time answers 'skipped' while another run holds its lease (a
 * timer's, or another request's): this run waits for that one and then runs, so the caller gets the run it asked for.
 */
async function runWhenFree(def: ScheduleDef, at: Date): Promise<unknown> {
  const giveUp = Date.now() + WAIT_FOR_RUN_MS;
  for (;;) {
    const result = await runSchedule(def, at);
    if (!isSkippedRun(result) || Date.now() > giveUp) return result;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * `POST /_local/schedules/{name}` runs a schedule's handler now (optionally `{ "at": ISO }` as its run time) and
 * answers its result: operators and tests don't wait for the timer. With `clockControl` (tests): `GET /_local/clock`,
 * `PUT /_local/clock { "at": ISO }` moves the functions' clock, `DELETE /_local/clock` puts it back. Requests from
 * another site's page, and bodies that are not JSON, are refused (decision 077).
 */
export function createLocalControls(opts: {
  schedules: readonly ScheduleDef[];
  clockControl: boolean;
  /** The stack's own origins: its pages are the only ones that may call these. */
  origins: readonly string[];
}) {
  const byName = new Map(opts.schedules.map((s) => [s.name, s]));
  const rules = { origins: () => opts.origins, body: 'json' } as const;
  return async function handleLocalControls(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refused = refuseCrossSite(req, res, rules, (r) =>
      writeJsonError(res, r.status, r.status === 403 ? 'forbidden' : 'unsupported_media_type', r.message),
    );
    if (refused) return;
    const path = (req.url ?? '').split('?')[0]!.slice(LOCAL_CONTROLS_PREFIX.length);
    const method = req.method ?? 'GET';
    let body: unknown = {};
    try {
      if (method === 'POST' || method === 'PUT') body = await readJson(req);
      else req.resume();
    } catch (error) {
      return writeJsonError(res, 400, 'bad_request', String((error as Error).message));
    }
    const at = atOf(body);
    if (at === 'invalid') return writeJsonError(res, 400, 'bad_request', '"at" must be an ISO date-time');

    const schedule = /^schedules\/([a-z0-9-]+)$/.exec(path);
    if (schedule) {
      if (method !== 'POST') return writeJsonError(res, 405, 'method_not_allowed', 'Use POST to run a schedule');
      const def = byName.get(schedule[1]!);
      if (!def) return writeJsonError(res, 404, 'not_found', `No schedule named ${schedule[1]}`);
      const runAt = at ?? clock.now();
      try {
        const result = await runWhenFree(def, runAt);
        return writeJson(res, 200, { schedule: def.name, at: runAt.toISOString(), result: result ?? null });
      } catch (error) {
        // Local only: the operator running it wants the reason.
        return writeJsonError(res, 500, 'schedule_failed', `${def.name} failed: ${String(error)}`);
      }
    }
    if (path === 'clock' && opts.clockControl) {
      if (method === 'PUT') {
        if (!at) return writeJsonError(res, 400, 'bad_request', 'Send { "at": "<ISO date-time>" }');
        setClock(at);
      } else if (method === 'DELETE') setClock(null);
      else if (method !== 'GET') return writeJsonError(res, 405, 'method_not_allowed', 'Use GET, PUT or DELETE');
      return writeJson(res, 200, { now: clock.now().toISOString(), offsetMs: clockOffsetMs() });
    }
    writeJsonError(res, 404, 'not_found', 'No such local control');
  };
}
