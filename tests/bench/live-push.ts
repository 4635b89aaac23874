/**
 * Live push: from a domain event published (onto the events queue, as every producer does) to the frame received by
 * each of 500 sockets subscribed to its topic. A fresh local stack; the sockets connect through the local WebSocket
 * gateway and subscribe with the app's subscribe message; each event is published with the events publisher, and each
 * socket's receive time minus the publish time is one sample. `npx tsx tests/bench/live-push.ts [--write]` runs it alone
 * (`--write` puts its rows into docs/bench.md); `npm run bench` runs it in a child process.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { signingTopic, type DomainEventOf } from '../../shared/events';
import { startBareStack } from './bare-stack';
import { writeFirstTableRows } from './bench-rows';
import { percentile } from './percentile';

const SOCKETS = 500;
const WARM_UP = 5;
const EVENTS = 30;
/** Sockets connected at once while setting up (each runs the authorizer and $connect). */
const CONNECT_BATCH = 50;

export interface LivePush {
  sockets: number;
  events: number;
  samples: number;
  missed: number;
  p50: number;
  p99: number;
  max: number;
  /** Per event, the first socket's latency (queue, consumer start, subscriber read): the median over events. */
  firstP50: number;
}

/**
 * The 500 browsers, in a worker thread: their frame handling doesn't share the event loop of the local stack (which
 * plays API Gateway, SQS's poller and the consumer in this process). Times are epoch milliseconds with sub-ms precision
 * (timeOrigin + now), comparable across threads.
 */
const CLIENTS = `
const { parentPort, workerData } = require('node:worker_threads');
const WebSocket = require(workerData.wsModule);
const { url, topic, sockets, batch } = workerData;
const now = () => performance.timeOrigin + performance.now();
const received = new Map();
let subscribed = 0;
const open = [];
function connect() {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}
(async () => {
  for (let i = 0; i < sockets; i += batch) {
    const opened = await Promise.all(Array.from({ length: Math.min(batch, sockets - i) }, connect));
    for (const ws of opened) {
      ws.on('message', (data) => {
        const at = now();
        const m = JSON.parse(String(data));
        if (m.type === 'subscribed' && ++subscribed === sockets) parentPort.postMessage({ ready: true });
        else if (m.type === 'event') {
          const times = received.get(m.event.id) ?? [];
          times.push(at);
          received.set(m.event.id, times);
          if (times.length === sockets) parentPort.postMessage({ id: m.event.id, times });
        }
      });
      ws.send(JSON.stringify({ action: 'subscribe', topic }));
    }
    open.push(...opened);
  }
})().catch((error) => parentPort.postMessage({ error: String(error) }));
parentPort.on('message', (m) => {
  if (m.flush) parentPort.postMessage({ id: m.flush, times: received.get(m.flush) ?? [] });
  if (m.stop) { for (const ws of open) ws.terminate(); parentPort.close(); }
});
`;

export async function livePush(sockets = SOCKETS, events = EVENTS): Promise<LivePush> {
  const stack = await startBareStack('live-push');
  let clients: Worker | undefined;
  try {
    // Imported once the stack has set the environment the adapters read.
    const { eventQueue } = await import('../../functions/adapters/event-queue');
    const uuid = randomUUID();
    const topic = signingTopic(uuid);
    clients = new Worker(CLIENTS, {
      eval: true,
      workerData: {
        url: `${stack.url.replace('http', 'ws')}/ws`,
        topic,
        sockets,
        batch: CONNECT_BATCH,
        wsModule: createRequire(import.meta.url).resolve('ws'),
      },
    });
    const worker = clients;
    const messages: { ready?: boolean; error?: string; id?: string; times?: number[] }[] = [];
    let wake: (() => void) | undefined;
    worker.on('message', (m) => {
      messages.push(m as (typeof messages)[number]);
      wake?.();
    });
    const next = async (match: (m: (typeof messages)[number]) => boolean, timeoutMs: number) => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const i = messages.findIndex((m) => m.error !== undefined || match(m));
        if (i >= 0) {
          const [m] = messages.splice(i, 1);
          if (m!.error) throw new Error(m!.error);
          return m!;
        }
        if (Date.now() > until) return undefined;
        await new Promise<void>((r) => {
          wake = r;
          setTimeout(r, 50);
        });
      }
    };
    if (!(await next((m) => m.ready === true, 120_000))) throw new Error('the sockets did not all subscribe');

    const samples: number[] = [];
    const firsts: number[] = [];
    let missed = 0;
    for (let n = 0; n < WARM_UP + events; n++) {
      const event: DomainEventOf<'signing.status'> = {
        id: `bench-${n}`,
        occurredAt: new Date().toISOString(),
        type: 'signing.status',
        topic,
        data: { uuid, purpose: 'sign-in', status: 'pending' },
      };
      const published = performance.timeOrigin + performance.now();
      await eventQueue.publish([event]);
      let got = await next((m) => m.id === event.id, 10_000);
      if (!got) {
        worker.postMessage({ flush: event.id });
        got = await next((m) => m.id === event.id, 5_000);
      }
      const times = got?.times ?? [];
      if (n < WARM_UP) continue;
      missed += sockets - times.length;
      samples.push(...times.map((t) => t - published));
      if (times.length > 0) firsts.push(Math.min(...times) - published);
      // Let the consumer finish the event before the next one.
      await new Promise((r) => setTimeout(r, 50));
    }
    samples.sort((a, b) => a - b);
    firsts.sort((a, b) => a - b);
    return {
      firstP50: percentile(firsts, 50),
      sockets,
      events,
      samples: samples.length,
      missed,
      p50: percentile(samples, 50),
      p99: percentile(samples, 99),
      max: samples.at(-1) ?? NaN,
    };
  } finally {
    clients?.postMessage({ stop: true });
    await clients?.terminate();
    await stack.dispose();
  }
}

export const LIVE_PUSH_ROW_PREFIX = '| live push:';

/** The bench table's rows for it. */
export function livePushRows(r: LivePush): string {
  const what = `${LIVE_PUSH_ROW_PREFIX} event published -> frame received by ${r.sockets} sockets on one topic`;
  return [
    `${what}, p50 / p99 (${r.events} events, ${r.samples} frames) | ${r.p50.toFixed(1)} / ${r.p99.toFixed(1)} ms | p99 ≤ 100 ms |`,
    `${LIVE_PUSH_ROW_PREFIX} frames not received within 10 s, slowest frame | ${r.missed}, ${r.max.toFixed(1)} ms | 0 |`,
  ].join('\n');
}

export const livePushNotes = `Live push: a fresh local stack, ${SOCKETS} WebSocket clients (in a worker thread) subscribed to one \`signing:<uuid>\` topic
through the local gateway; each event goes through the events publisher onto the local SQS queue, its poller and the
events consumer's fan-out over the local \`@connections\` endpoint; ${WARM_UP} warm-up events are not counted, events are sent one
at a time. Locally the consumer's 500 sends and the stand-in \`@connections\` endpoint receiving them share one Node event
loop, so each frame is paid twice on one core; in AWS the endpoint is API Gateway's.`;

/** Replaces this bench's rows (or adds them at the end of the first table) and its note in docs/bench.md. */
export const writeRows = (r: LivePush) => writeFirstTableRows(LIVE_PUSH_ROW_PREFIX, livePushRows(r), livePushNotes);

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await livePush();
  if (process.argv.includes('--write')) await writeRows(result);
  console.log(JSON.stringify(result));
  process.exit(0);
}
