import { Worker } from 'node:worker_threads';

/**
 * A worker thread running a TypeScript module of the benches (through tsx, as the bench itself runs): load that
 * plays the browsers doesn't share the event loop of the local stack, which plays the cloud in the main thread.
 */
export function tsWorker(moduleUrl: URL, workerData: unknown): Worker {
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(moduleUrl.href)}); })`;
  return new Worker(boot, { eval: true, workerData });
}

/** Epoch milliseconds with sub-millisecond precision, comparable across threads (timeOrigin + now). */
export const epochNow = () => performance.timeOrigin + performance.now();

/** A worker's messages, taken by what they match, in the order they came. */
export function mailbox<M extends { error?: string }>(worker: Worker) {
  const messages: M[] = [];
  let wake: (() => void) | undefined;
  worker.on('message', (m: M) => {
    messages.push(m);
    wake?.();
  });
  worker.on('error', (error) => {
    messages.push({ error: String(error) } as M);
    wake?.();
  });
  /** The first message `match` accepts (a worker's error throws); undefined after `timeoutMs`. */
  return async function next(match: (m: M) => boolean, timeoutMs: number): Promise<M | undefined> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const i = messages.findIndex((m) => m.error !== undefined || match(m));
      if (i >= 0) {
        const [m] = messages.splice(i, 1);
        if (m!.error !== undefined) throw new Error(m!.error);
        return m;
      }
      if (Date.now() > until) return undefined;
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, 50);
      });
    }
  };
}
