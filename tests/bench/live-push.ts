/**
 * Live push: from a domain event published (onto the events queue, as every producer does) to the frame received by
 * each of 500 sockets subscribed to its topic. A fresh local stack; the sockets connect through the local WebSocket
 * gateway and subscribe with the app's subscribe message; each event is published with the events publisher, and each
 * socket's receive time minus the publish time is one sample. `npx tsx tests/bench/live-push.ts [--write]` runs it alone
 * (`--write` puts its rows into docs/bench.md); `npm run bench` runs it in a child process.
 */
import { randomUUID } from 'node:crypto';
import { signingTopic, type DomainEventOf } from '../../shared/events';
import { startBareStack } from './bare-stack';
import { runAlone, type BenchRows } from './bench-doc';
import { openPages, pushLatency, type PushLatency } from './socket-clients';
import { epochNow } from './ts-worker';

const SOCKETS = 500;
const WARM_UP = 5;
const EVENTS = 30;

export type LivePush = PushLatency & { sockets: number };

export async function livePush(sockets = SOCKETS, events = EVENTS): Promise<LivePush> {
  const stack = await startBareStack('live-push');
  let pages: Awaited<ReturnType<typeof openPages>> | undefined;
  try {
    // Imported once the stack has set the environment the adapters read.
    const { eventQueue } = await import('../../functions/adapters/event-queue');
    const uuid = randomUUID();
    const topic = signingTopic(uuid);
    pages = await openPages(`${stack.url.replace('http', 'ws')}/ws`, topic, sockets);

    const result = await pushLatency(pages, sockets, { warmUp: WARM_UP, events }, async (n) => {
      const event: DomainEventOf<'signing.status'> = {
        id: `bench-${n}`,
        occurredAt: new Date().toISOString(),
        type: 'signing.status',
        topic,
        data: { uuid, purpose: 'sign-in', status: 'pending' },
      };
      const from = epochNow();
      await eventQueue.publish([event]);
      return { eventId: event.id, from };
    });
    return { sockets, ...result };
  } finally {
    await pages?.stop();
    await stack.dispose();
  }
}

const PREFIX = '| live push:';

/** The bench table's rows for it and its note. */
export function livePushRows(r: LivePush): BenchRows {
  const what = `${PREFIX} event published -> frame received by ${r.sockets} sockets on one topic`;
  const rows = [
    `${what}, p50 / p99 (${r.events} events, ${r.samples} frames) | ${r.p50.toFixed(1)} / ${r.p99.toFixed(1)} ms | p99 ≤ 100 ms |`,
    `${PREFIX} frames not received within 10 s, slowest frame | ${r.missed}, ${r.max.toFixed(1)} ms | 0 |`,
  ].join('\n');
  return { prefix: PREFIX, rows, notes: livePushNotes };
}

const livePushNotes = `Live push: a fresh local stack, ${SOCKETS} WebSocket clients (in a worker thread) subscribed to one \`signing:<uuid>\` topic
through the local gateway; each event goes through the events publisher onto the local SQS queue, its poller and the
events consumer's fan-out over the local \`@connections\` endpoint; ${WARM_UP} warm-up events are not counted, events are sent one
at a time. Locally the consumer's 500 sends and the stand-in \`@connections\` endpoint receiving them share one Node event
loop, so each frame is paid twice on one core; in AWS the endpoint is API Gateway's.`;

await runAlone(import.meta.url, () => livePush(), livePushRows);
