/**
 * One worker process of the Lambda-shape HTTP pool (http-pool.ts, decision 075): like a Lambda container it serves
 * one invocation at a time with its own module cache, SDK clients and caches, from the environment it was forked with.
 * Started with `node --import <tsx loader> http-worker.ts` by the pool; speaks to it over the IPC channel.
 */
import { performance } from 'node:perf_hooks';
import { interceptLocalhostDns } from 'fauxqs';
import { lambdaContext, loadHandler } from './handlers';
import type { WorkerAnswer, WorkerInvocation } from './http-pool';

// The queue URLs fauxqs hands out are on `sqs.<region>.localhost` (see sqs.ts): resolved here as in the stack.
interceptLocalhostDns('localhost');

const send = (m: WorkerAnswer | { ready: true }) => process.send!(m);

process.on('message', (m: WorkerInvocation) => {
  const started = performance.now();
  const done = (answer: { ok: true; result: unknown } | { ok: false; error: string; stack?: string }) =>
    send({ id: m.id, ms: performance.now() - started, ...answer });
  loadHandler(m.handler)
    .then((handler) => handler(m.event, lambdaContext(m.handler, m.requestId, m.timeoutMs)))
    .then(
      (result) => done({ ok: true, result }),
      (error: unknown) =>
        done({ ok: false, error: String(error), stack: error instanceof Error ? error.stack : undefined }),
    );
});

// The pool's end of the channel went away (the stack stopped or died): so does this container.
process.on('disconnect', () => process.exit(0));
// Handler modules a bench wants loaded before the worker serves (as provisioned concurrency would have them).
const preload = JSON.parse(process.argv[2] ?? '[]') as string[];
await Promise.all(preload.map((m) => loadHandler(m)));
send({ ready: true });
