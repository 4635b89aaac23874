import { percentile } from './percentile';
import { mailbox, tsWorker } from './ts-worker';

/** Sockets connected at once while setting up (each runs the authorizer and $connect). */
const CONNECT_BATCH = 50;

type Message = { ready?: boolean; error?: string; id?: string; times?: number[] };

/**
 * `sockets` open pages subscribed to `topic` through the local WebSocket gateway, in a worker thread (their frame
 * handling doesn't share the event loop of the local stack). Times are epoch milliseconds (ts-worker.ts's epochNow).
 */
export async function openPages(wsUrl: string, topic: string, sockets: number) {
  const worker = tsWorker(new URL('./socket-clients.worker.ts', import.meta.url), {
    url: wsUrl,
    topic,
    sockets,
    batch: CONNECT_BATCH,
  });
  const next = mailbox<Message>(worker);
  const stop = async () => {
    worker.postMessage({ stop: true });
    await worker.terminate();
  };
  try {
    if (!(await next((m) => m.ready === true, 120_000))) throw new Error('the sockets did not all subscribe');
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    /**
     * When each socket received the event with this id: all of them, or after `timeoutMs` (then 5 s more for frames
     * in flight) those that did.
     */
    async receiveTimes(eventId: string, timeoutMs = 10_000): Promise<number[]> {
      let got = await next((m) => m.id === eventId, timeoutMs);
      if (!got) {
        worker.postMessage({ flush: eventId });
        got = await next((m) => m.id === eventId, 5_000);
      }
      return got?.times ?? [];
    },
    stop,
  };
}

/** Frame latencies over the open pages: all frames' p50 / p99 / slowest, and the median of each event's first frame. */
export interface PushLatency {
  events: number;
  samples: number;
  missed: number;
  p50: number;
  p99: number;
  max: number;
  /** Per event, the first page's latency (queue, consumer start, subscriber read): the median over events. */
  firstP50: number;
}

/**
 * Sends `warmUp + events` events one at a time, each by `send` (which answers the event's id and the epoch time its
 * latency counts from), and times each page's frame of it; the warm-up events are not counted.
 */
export async function pushLatency(
  pages: Awaited<ReturnType<typeof openPages>>,
  sockets: number,
  counted: { warmUp: number; events: number },
  send: (n: number) => Promise<{ eventId: string; from: number }>,
): Promise<PushLatency> {
  const samples: number[] = [];
  const firsts: number[] = [];
  let missed = 0;
  for (let n = 0; n < counted.warmUp + counted.events; n++) {
    const { eventId, from } = await send(n);
    const times = await pages.receiveTimes(eventId);
    if (n < counted.warmUp) continue;
    missed += sockets - times.length;
    samples.push(...times.map((t) => t - from));
    if (times.length > 0) firsts.push(Math.min(...times) - from);
    // Let the consumer finish the event before the next one.
    await new Promise((r) => setTimeout(r, 50));
  }
  samples.sort((a, b) => a - b);
  firsts.sort((a, b) => a - b);
  return {
    events: counted.events,
    samples: samples.length,
    missed,
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    max: samples.at(-1) ?? NaN,
    firstP50: percentile(firsts, 50),
  };
}
