/**
 * The admin escrow monitor (decision 065) over 100,000 orders: a local stack with no seed data, the orders written
 * straight to the table as the order store keeps them (funded, held, completed, refunded, a few stuck past their
 * deadline), the monitor's counters as those orders' writes would have left them, and one administrator; then
 * sequential GET /api/admin/escrows through the gateway, cycling over no filter, a bucket, `stuck` and a username
 * search, with the items each request read (its `itemsRead`). `npx tsx tests/bench/escrow-monitor.ts [--write]` runs it
 * alone (`--write` puts its rows into docs/bench.md); `npm run bench` runs it in a child process.
 */
import os from 'node:os';
import { ulid } from 'ulid';
import { startBareStack } from './bare-stack';
import { runAlone } from './bench-doc';
import { percentile } from './percentile';

export const MONITOR_ORDERS = 100_000;
const STUCK = 20;
const WARM_UP = 20;
const TIMED = 200;
const QUERIES = ['', '?status=pending', '?status=stuck', '?q=bench_buyer'] as const;

export interface EscrowMonitorBench {
  orders: number;
  p50: number;
  p95: number;
  n: number;
  /** Mean items read a request, and the most any request read. */
  itemsRead: { mean: number; max: number };
  load: [number, number];
}

/** One generated order as the order store keeps it, in the bucket `i` falls in. */
function orderItem(i: number, now: number) {
  const fundedAt = new Date(now - (MONITOR_ORDERS - i) * 60_000).toISOString();
  const bucket = i % 20 === 0 ? 'held' : i % 3 === 0 ? 'pending' : i % 7 === 0 ? 'cancelled' : 'completed';
  const open = bucket === 'pending' || bucket === 'held';
  const stuck = open && i < STUCK * 60;
  const status = open ? 'funded' : bucket === 'completed' ? 'completed' : 'refunded';
  const buyer = i % 500 === 0 ? 'BENCHBUYER' : `B${i % 997}`;
  return {
    orderId: ulid(now - (MONITOR_ORDERS - i) * 60_000),
    checkoutId: `C${i}`,
    buyerId: buyer,
    buyerUsername: buyer === 'BENCHBUYER' ? 'bench_buyer' : `buyer_${i % 997}`,
    sellerId: `S${i % 211}`,
    sellerUsername: `seller_${i % 211}`,
    status,
    lines: [
      { listingId: `L${i}`, title: 'Brass Lamp', imageKey: null, quantity: 1, unitPriceCents: 4500, shippingCents: 0 },
    ],
    itemsCents: 4500,
    shippingCents: 0,
    totalCents: 4500,
    shipping: {
      fulfilment: 'ship',
      serviceId: null,
      serviceName: null,
      estimatedDays: null,
      calculatedCents: 0,
      shipTo: null,
      fromZip: '78701',
    },
    escrow: {
      buyerAddress: 'rBuyer',
      sellerAddress: 'rSeller',
      condition: 'A0',
      sealedFulfillment: '',
      cancelAfter: fundedAt,
    },
    escrowCreate: { txid: `${i}`.padStart(64, 'A'), blob: '', sequence: i, submittedAt: fundedAt, ledgerIndex: 1 },
    reservationExpiresAt: fundedAt,
    createdAt: fundedAt,
    updatedAt: fundedAt,
    fundedAt,
    escrowBucket: bucket,
    ...(bucket === 'held' && { releaseHold: 'dispute' as const }),
    // Open ones are due a week on; the oldest few were due long ago (stuck).
    deadline: open && !stuck ? new Date(now + 7 * 86_400_000).toISOString() : fundedAt,
  };
}

export async function escrowMonitor(): Promise<EscrowMonitorBench> {
  const stack = await startBareStack('escrow-monitor');
  try {
    const { db } = await import('../../functions/adapters/db/service');
    const { sessionDeps } = await import('../../functions/wiring/auth');
    const { openSession } = await import('../../functions/core/auth/sessions');
    const { entities } = db();
    type OrderItem = Parameters<typeof entities.order.create>[0];
    const now = Date.now();
    const items = Array.from({ length: MONITOR_ORDERS }, (_, i) => orderItem(i, now));
    for (let i = 0; i < items.length; i += 5_000) {
      const { unprocessed } = await entities.order
        .put(items.slice(i, i + 5_000) as unknown as OrderItem[])
        .go({ concurrency: 8 });
      if (unprocessed.length > 0) throw new Error(`${unprocessed.length} orders not written`);
    }
    const count = (b: string) =>
      items.filter((o) => (b === 'pending' ? ['pending', 'held'] : [b]).includes(o.escrowBucket)).length;
    for (const bucket of ['pending', 'held', 'completed', 'cancelled'] as const) {
      await entities.escrowCount.put({ bucket, count: count(bucket) }).go();
    }
    await entities.username.put({ usernameLower: 'bench_buyer', userId: 'BENCHBUYER' }).go();
    const adminId = ulid();
    const at = new Date().toISOString();
    await entities.user
      .put({
        userId: adminId,
        walletAddress: 'rBenchAdmin',
        username: 'bench_admin',
        role: 'admin',
        createdAt: at,
        updatedAt: at,
      })
      .go();
    const { token } = await openSession(adminId, sessionDeps());

    const reads: number[] = [];
    const get = async (query: string) => {
      const res = await fetch(`${stack.url}/api/admin/escrows${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.status !== 200) throw new Error(`GET /api/admin/escrows${query} -> ${res.status}`);
      const body = (await res.json()) as { escrows: unknown[]; counts: { stuck: number }; itemsRead: number };
      reads.push(body.itemsRead);
      return body;
    };
    const first = await get('');
    if (first.escrows.length !== 50 || first.counts.stuck === 0) throw new Error('unexpected monitor answer');
    for (let i = 0; i < WARM_UP; i++) await get(QUERIES[i % QUERIES.length]!);
    reads.length = 0;
    const samples: number[] = [];
    const loadBefore = os.loadavg()[0]!;
    for (let i = 0; i < TIMED; i++) {
      const t0 = performance.now();
      await get(QUERIES[i % QUERIES.length]!);
      samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    return {
      orders: MONITOR_ORDERS,
      p50: percentile(samples, 50),
      p95: percentile(samples, 95),
      n: TIMED,
      itemsRead: { mean: reads.reduce((a, b) => a + b, 0) / reads.length, max: Math.max(...reads) },
      load: [loadBefore, os.loadavg()[0]!],
    };
  } finally {
    await stack.dispose();
  }
}

export const ESCROW_MONITOR_ROW_PREFIX = '| escrow monitor:';

export function escrowMonitorRows(r: EscrowMonitorBench): string {
  return [
    `${ESCROW_MONITOR_ROW_PREFIX} \`GET /api/admin/escrows\` with ${r.orders.toLocaleString('en-US')} orders, p50 / p95 (n=${r.n}; load average ${r.load.map((l) => l.toFixed(1)).join(' → ')}) | ${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} ms | p95 ≤ 100 ms |`,
    `${ESCROW_MONITOR_ROW_PREFIX} items read a request (counters, keyed pages, stuck reads) | ${r.itemsRead.mean.toFixed(1)} mean, ${r.itemsRead.max} max | no scan |`,
  ].join('\n');
}

export const escrowMonitorNotes = `Escrow monitor: a fresh local stack without seed data; ${MONITOR_ORDERS.toLocaleString('en-US')} orders written straight to the
table (about a third open, 5 % held by a dispute, the rest completed or refunded; the open ones among the oldest
${(STUCK * 60).toLocaleString('en-US')}, about 450, long past their deadline), the monitor's counters as those orders' writes leave them, and one administrator; then ${WARM_UP} warm-up and
${TIMED} sequential timed requests cycling over no filter, \`status=pending\`, \`status=stuck\` and a username search. Items
read are the response's \`itemsRead\` (decision 065).`;

await runAlone(
  import.meta.url,
  () => escrowMonitor(),
  (r) => ({ prefix: ESCROW_MONITOR_ROW_PREFIX, rows: escrowMonitorRows(r), notes: escrowMonitorNotes }),
);
