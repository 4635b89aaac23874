import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** What the pool sends a worker: one invocation. */
export interface WorkerInvocation {
  id: number;
  handler: string;
  event: unknown;
  requestId: string;
  timeoutMs: number;
}

/** A worker's answer, with how long its handler ran (the billed duration). */
export type WorkerAnswer =
  | { id: number; ms: number; ok: true; result: unknown }
  | { id: number; ms: number; ok: false; error: string; stack?: string };

export interface HttpPoolStats {
  /** Invocations answered (a result or a handler's error). */
  invocations: number;
  /** The handlers' time summed over invocations: with the function's memory, its GB-seconds. */
  busyMs: number;
  /** Requests that found every worker busy and queued for one (Lambda's concurrency limit). */
  waits: number;
  byHandler: Record<string, { invocations: number; busyMs: number }>;
}

export interface HttpPool {
  /** Runs `handler` on a free worker (waiting for one); an aborted call gives up its place or, running, its answer. */
  invoke(handler: string, event: unknown, requestId: string, signal: AbortSignal): Promise<unknown>;
  stats(): HttpPoolStats;
  /** Resolves once every worker has started (the first of each handler module still loads on its first call). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

const WORKER = path.resolve(import.meta.dirname, 'http-worker.ts');
const TSX_LOADER = pathToFileURL(path.resolve(import.meta.dirname, '../../node_modules/tsx/dist/loader.mjs')).href;
const TIMEOUT_MS = 30_000;
/**
 * How long a worker whose invocation timed out may still finish it before it is reset. Lambda resets at once, but a
 * local timeout is most often a starved machine, and a reset worker starts cold: resetting at once turned a slow
 * minute into no worker ever warm.
 */
const RESET_AFTER_MS = 30_000;

interface Running {
  id: number;
  handler: string;
  resolve(result: unknown): void;
  reject(error: Error): void;
  /** Set once the gateway gave up on it: the worker is reset unless it answers by then. */
  reset?: NodeJS.Timeout;
}

interface Worker {
  child: ChildProcess;
  started: boolean;
  running?: Running;
}

interface Waiting {
  run(worker: Worker): void;
  fail(error: Error): void;
  signal: AbortSignal;
}

/**
 * N worker processes serving the HTTP handlers as Lambda containers do (decision 075): each takes one invocation at
 * a time; a request arriving while all are busy waits for the first one free, in arrival order. A worker that dies
 * fails its invocation (the gateway answers 500) and one is forked in its place; a worker still busy a while after
 * the gateway's timeout is reset, as Lambda resets a timed-out container. Workers are forked with the
 * environment of the moment (the stack has set its own on process.env), so they see what in-process handlers see;
 * they don't see the process's test controls (the functions' clock), so the test stacks keep the in-process shape.
 */
export function startHttpPool(size: number, opts: { preload?: readonly string[] } = {}): HttpPool {
  const workers = new Set<Worker>();
  const idle: Worker[] = [];
  const queue: Waiting[] = [];
  const totals: HttpPoolStats = { invocations: 0, busyMs: 0, waits: 0, byHandler: {} };
  let nextId = 1;
  let stopping = false;
  let whenAllStarted: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (whenAllStarted = resolve));

  const release = (w: Worker) => {
    w.running = undefined;
    for (let next = queue.shift(); next; next = queue.shift()) {
      if (next.signal.aborted) continue;
      next.run(w);
      return;
    }
    idle.push(w);
  };

  const spawn = (): void => {
    const child = fork(WORKER, [JSON.stringify(opts.preload ?? [])], {
      execArgv: ['--import', TSX_LOADER],
      env: { ...process.env },
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const w: Worker = { child, started: false };
    workers.add(w);
    child.on('error', (error) => console.error('http pool: worker error', error));
    child.on('message', (m: WorkerAnswer | { ready: true }) => {
      if (!('id' in m)) {
        // Work is handed over only once its listener is on: a message sent before would be dropped.
        w.started = true;
        if ([...workers].every((x) => x.started)) whenAllStarted();
        release(w);
        return;
      }
      const r = w.running;
      if (r?.id !== m.id) return;
      clearTimeout(r.reset);
      const per = (totals.byHandler[r.handler] ??= { invocations: 0, busyMs: 0 });
      totals.invocations++;
      totals.busyMs += m.ms;
      per.invocations++;
      per.busyMs += m.ms;
      if (m.ok) r.resolve(m.result);
      else r.reject(Object.assign(new Error(m.error), { stack: m.stack ?? m.error }));
      release(w);
    });
    child.once('exit', (code, signal) => {
      workers.delete(w);
      const at = idle.indexOf(w);
      if (at >= 0) idle.splice(at, 1);
      clearTimeout(w.running?.reset);
      w.running?.reject(new Error(`http worker exited (${code ?? signal}) during the invocation`));
      w.running = undefined;
      if ([...workers].every((x) => x.started)) whenAllStarted();
      if (stopping) return;
      // One that could not even start would fail again: no fork loop; the others serve.
      if (w.started) spawn();
      else console.error(`http pool: a worker exited before it started (${code ?? signal})`);
      if (workers.size === 0) for (const q of queue.splice(0)) q.fail(new Error('no http worker is running'));
    });
  };

  for (let i = 0; i < size; i++) spawn();

  const run = (w: Worker, handler: string, event: unknown, requestId: string, signal: AbortSignal) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      w.running = { id, handler, resolve, reject };
      signal.addEventListener(
        'abort',
        () => {
          if (w.running?.id !== id) return;
          reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
          // Its exit forks the replacement; an answer in time (dropped: the request was answered) keeps it.
          w.running.reset = setTimeout(() => w.child.kill('SIGKILL'), RESET_AFTER_MS);
        },
        { once: true },
      );
      const invocation: WorkerInvocation = { id, handler, event, requestId, timeoutMs: TIMEOUT_MS };
      w.child.send(invocation, (error) => {
        if (error && w.running?.id === id) w.child.kill('SIGKILL');
      });
    });

  return {
    ready,
    invoke(handler, event, requestId, signal) {
      if (stopping) return Promise.reject(new Error('the http pool is stopped'));
      // The worker freed last: as Lambda keeps using its warm containers, and starts more only for more at once.
      const free = idle.pop();
      if (free) return run(free, handler, event, requestId, signal);
      totals.waits++;
      return new Promise((resolve, reject) => {
        queue.push({
          signal,
          fail: reject,
          run: (w) => void run(w, handler, event, requestId, signal).then(resolve, reject),
        });
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    },
    stats: () => ({
      ...totals,
      byHandler: Object.fromEntries(Object.entries(totals.byHandler).map(([k, v]) => [k, { ...v }])),
    }),
    async stop() {
      stopping = true;
      for (const q of queue.splice(0)) q.fail(new Error('the http pool is stopped'));
      await Promise.all(
        [...workers].map(
          (w) =>
            new Promise<void>((resolve) => {
              if (w.child.exitCode !== null || w.child.signalCode !== null) return resolve();
              w.child.once('exit', () => resolve());
              w.child.kill('SIGKILL');
            }),
        ),
      );
    },
  };
}
