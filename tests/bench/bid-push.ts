/**
 * A bid to 'New Bid Placed' (decision 031's target): from a bid's 201 answer to the `bid.placed` frame on each of 500
 * open pages of the item (sockets subscribed to the listing's topic). A fresh local stack; two bidders (real accounts
 * with RLUSD on the local ledger) take turns outbidding each other through the gateway, one bid at a time, and each
 * page's receive time minus the time the 201 arrived is one sample. `npx tsx tests/bench/bid-push.ts [--write]` runs
 * it alone (`--write` puts its rows into docs/bench.md); `npm run bench` runs it in a child process.
 */
import { randomUUID } from 'node:crypto';
import type { BidPlaced } from '../../shared/api/bids';
import { listingTopic } from '../../shared/events';
import { startBareStack } from './bare-stack';
import { runAlone, type BenchRows } from './bench-doc';
import { listingOf, parties } from './bench-parties';
import { openPages, pushLatency, type PushLatency } from './socket-clients';
import { epochNow } from './ts-worker';

const PAGES = 500;
const WARM_UP = 5;
const BIDS = 30;

export type BidPush = PushLatency & { pages: number };

export async function bidPush(): Promise<BidPush> {
  const stack = await startBareStack('bid-push');
  let pages: Awaited<ReturnType<typeof openPages>> | undefined;
  try {
    const [seller, ...bidders] = await parties(stack, [
      { name: 'seller', seller: true },
      { name: 'bidder0', seller: false },
      { name: 'bidder1', seller: false },
    ]);
    const listingId = await listingOf(stack, seller!, {
      listingType: 'auction',
      startingBidCents: 1_000,
      endsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });
    pages = await openPages(`${stack.url.replace('http', 'ws')}/ws`, listingTopic(listingId), PAGES);
    const result = await pushLatency(pages, PAGES, { warmUp: WARM_UP, events: BIDS }, async (n) => {
      // Each bid outbids the other bidder's: the price moves, the lead changes hands, the loser is told.
      const res = await fetch(`${stack.url}/api/listings/${listingId}/bids`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${bidders[n % 2]!.token}`,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ amountCents: 1_100 + n * 100 }),
      });
      const from = epochNow();
      const placed = (await res.json()) as BidPlaced;
      if (res.status !== 201) throw new Error(`bid ${n} -> ${res.status} ${JSON.stringify(placed)}`);
      return { eventId: `bid:${placed.bid.id}`, from };
    });
    return { pages: PAGES, ...result };
  } finally {
    await pages?.stop();
    await stack.dispose();
  }
}

const PREFIX = '| bid push:';

export function bidPushRows(r: BidPush): BenchRows {
  const rows = [
    `${PREFIX} a bid's 201 -> 'New Bid Placed' (\`bid.placed\`) on ${r.pages} open pages of the item, p50 / p99 (${r.events} bids, ${r.samples} frames) | ${r.p50.toFixed(1)} / ${r.p99.toFixed(1)} ms | p99 ≤ 100 ms |`,
    `${PREFIX} frames not received within 10 s, slowest frame; first page, p50 | ${r.missed}, ${r.max.toFixed(1)} ms; ${r.firstP50.toFixed(1)} ms | 0 |`,
  ].join('\n');
  return { prefix: PREFIX, rows, notes: bidPushNotes };
}

const bidPushNotes = `Bid push: a fresh local stack without seed data; ${PAGES} WebSocket clients (in a worker thread, as in live push) subscribed
to one auction's \`listing:<id>\` topic through the local gateway; two bidders (accounts with RLUSD on the local ledger,
sessions opened directly) outbid each other through the gateway, one bid at a time, ${WARM_UP} warm-up bids not counted. The
clock starts when the bid's 201 reaches the bidder (the handler has put \`bid.placed\` on the events queue by then) and
stops at each page's frame: the local SQS poller, the events consumer's fan-out over the local \`@connections\` endpoint,
the pages' sockets.`;

await runAlone(import.meta.url, bidPush, bidPushRows);
