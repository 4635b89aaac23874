/**
 * A day of traffic, compressed (docs/decisions/079-soak-and-cost-model.md): a fresh bare local stack, in the Lambda
 * shape when the local runtime offers it (HTTP handlers in a pool of worker processes), and at least 500 users in
 * worker threads doing what users do (tests/bench/soak-journeys.ts) with think times, until a deadline; then the
 * queues drain and the money is checked. Reports per route p95 and errors, the 5xx count, the oldest message age seen
 * per queue, the dead-letter queues, each process's memory at start, middle and end, and the money invariants (every
 * held escrow on the ledger with its order's amount; the RLUSD on trust lines and in escrows unchanged).
 *
 * Before the soak, a calibration in a child process (`--calibrate`, the one-process shape, where the handlers' calls
 * can be counted) runs each journey alone a few times and counts what it costs: requests, DynamoDB items and
 * capacity, queue messages, ledger requests. With the soak's journey mix and socket frames these go to
 * docs/cost-counters.json, which scripts/cost-model.ts turns into docs/cost.md.
 *
 * `npx tsx tests/bench/soak.ts [--minutes 10] [--users 500] [--workers 16] [--write]`; `npm run bench` runs it in a
 * child process.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { setClock } from '../../functions/adapters/clock';
import { db } from '../../functions/adapters/db/service';
import { routeList } from '../../functions/routes';
import { formatUsd } from '../../shared/domain/money';
import { listingTopic } from '../../shared/events';
import type { HttpPoolStats } from '../../infra/local/http-pool';
import { startBareStack, type BareStack } from './bare-stack';
import { isMain, writeBenchRows, type BenchRows } from './bench-doc';
import { listingOf, parties, type Party } from './bench-parties';
import { percentile } from './percentile';
import type { CostCounters, JourneyCounters } from '../../scripts/cost-model';
import { countAws, type AwsTally } from './soak-counters';
import {
  Browser,
  emptyStats,
  JOURNEYS,
  newMemory,
  runJourney,
  type CatalogListing,
  type Journey,
  type RouteStats,
  type SoakUser,
  type UserStats,
  type World,
} from './soak-journeys';
import {
  checkEscrows,
  countErrorLogs,
  processes,
  rlusdTotals,
  rssMb,
  sampleQueues,
  type EscrowCheck,
  type RlusdTotals,
} from './soak-probes';
import type { SocketTally, UsersJob } from './soak-users.worker';
import { mailbox, tsWorker } from './ts-worker';

const root = path.resolve(import.meta.dirname, '../..');
const COUNTERS_FILE = path.join(root, 'docs/cost-counters.json');

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

export interface SoakOptions {
  minutes: number;
  users: number;
  /** HTTP worker processes (the Lambda shape); 0 = the handlers in the stack's process. */
  workers: number;
  /** Mean think time between a user's journeys. */
  thinkMs: number;
}

const DEFAULTS: SoakOptions = { minutes: 10, users: 500, workers: 16, thinkMs: 8_000 };
const SELLER_SHARE = 0.1;
const FIXED_PER_SELLER = 6;
const AUCTIONS = 20;
const HOT = 3;
const USER_THREADS = 4;
/** Open item pages of hot auctions, per user (200 at 500 users). */
const SOCKETS_PER_USER = 0.4;
const FUNDING_BATCH = 50;
/** Calibration: runs of each journey, alone. */
const CALIBRATION_RUNS = 5;

/** The Lambda shape (HTTP handlers in worker processes, decision 075) when `workers` > 0, else one process. */
function startStack(name: string, workers: number): Promise<BareStack> {
  return startBareStack(name, { testControls: true, dynamoJit: 'full', ...(workers > 0 && { httpWorkers: workers }) });
}

const photo = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 180, g: 120, b: 60 } } })
    .jpeg({ quality: 80 })
    .toBuffer();

/** The catalog: each seller's fixed-price listings (offers accepted) and 20 auctions, three of them hot. */
async function makeCatalog(stack: BareStack, sellers: Party[], fixedPerSeller: number, auctions: number) {
  const catalog: CatalogListing[] = [];
  // Eight sellers list at a time, each its listings one after another.
  for (let i = 0; i < sellers.length; i += 8) {
    const made = await Promise.all(
      sellers.slice(i, i + 8).map(async (s) => {
        const mine: CatalogListing[] = [];
        for (let n = 0; n < fixedPerSeller; n++) {
          const priceCents = 200 + Math.floor(Math.random() * 2_800);
          const id = await listingOf(stack, s, { listingType: 'fixed', priceCents, quantity: 200, acceptOffers: true });
          mine.push({ id, sellerId: s.userId, priceCents, auction: false, hot: false });
        }
        return mine;
      }),
    );
    catalog.push(...made.flat());
  }
  for (let i = 0; i < auctions; i++) {
    const s = sellers[i % sellers.length]!;
    const id = await listingOf(stack, s, {
      listingType: 'auction',
      startingBidCents: 1_000,
      endsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });
    catalog.push({ id, sellerId: s.userId, priceCents: 1_000, auction: true, hot: i < HOT });
  }
  return catalog;
}

const loopback = (i: number) => `127.21.${Math.floor(i / 250)}.${(i % 250) + 1}`;
const asUser = (p: Party, seller: boolean, i: number): SoakUser => ({
  userId: p.userId,
  token: p.token,
  address: p.wallet.classicAddress,
  seller,
  localAddress: loopback(i),
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const started = Date.now();
/** Progress on stderr (stdout's last line is the result). */
const progress = (what: string) => console.error(`soak +${((Date.now() - started) / 1000).toFixed(0)} s: ${what}`);

/** Waits until no queue (but the dead-letter ones) holds a message, or `maxMs`; true when they emptied. */
async function drained(stack: BareStack, maxMs: number): Promise<boolean> {
  const until = Date.now() + maxMs;
  for (;;) {
    const s = await sampleQueues(stack);
    const busy = Object.entries(s.depth).some(([q, n]) => !q.endsWith('-dlq') && n > 0);
    if (!busy) return true;
    if (Date.now() > until) return false;
    await sleep(250);
  }
}

// --- Calibration -------------------------------------------------------------------------------------------------

export interface Calibration {
  journeys: Partial<Record<Journey | 'release', JourneyCounters>>;
}

export type { CostCounters };

function perRun(total: AwsTally, stats: UserStats, runs: number, journey: Journey | 'release'): JourneyCounters {
  const byRoute: Record<string, number> = {};
  let httpMs = 0;
  let requests = 0;
  for (const [name, r] of Object.entries(stats.routes)) {
    byRoute[name] = r.ms.length / runs;
    httpMs += r.ms.reduce((s, x) => s + x, 0);
    requests += r.ms.length;
  }
  const d = total.dynamo;
  return {
    runs,
    httpRequests: requests / runs,
    byRoute,
    httpMs: httpMs / runs,
    dynamo: {
      readItems: d.readItems / runs,
      rcu: d.rcu / runs,
      writeItems: d.writeItems / runs,
      wcu: d.wcu / runs,
      calls: d.calls / runs,
    },
    sqsSent: Object.fromEntries(Object.entries(total.sqsSent).map(([q, n]) => [q, n / runs])),
    ledgerCalls: total.ledgerCalls / runs,
    photoUploads: journey === 'sellerList' ? (stats.routes.startListingPhotoUpload?.ms.length ?? 0) / runs : 0,
  };
}

const add = (a: AwsTally, b: AwsTally): AwsTally => ({
  dynamo: {
    readItems: a.dynamo.readItems + b.dynamo.readItems,
    rcu: a.dynamo.rcu + b.dynamo.rcu,
    writeItems: a.dynamo.writeItems + b.dynamo.writeItems,
    wcu: a.dynamo.wcu + b.dynamo.wcu,
    calls: a.dynamo.calls + b.dynamo.calls,
  },
  sqsSent: Object.fromEntries(
    [...new Set([...Object.keys(a.sqsSent), ...Object.keys(b.sqsSent)])].map((q) => [
      q,
      (a.sqsSent[q] ?? 0) + (b.sqsSent[q] ?? 0),
    ]),
  ),
  ledgerCalls: a.ledgerCalls + b.ledgerCalls,
});

/**
 * Each journey alone, CALIBRATION_RUNS times, by one buyer and one seller on a small catalog, the queues drained after
 * each run so what the run caused is counted with it. The order matters: checkouts fund the orders the seller ships,
 * messages fill the seller's inbox. Last, the release of the delivered orders (the settlement schedule after the
 * inspection period, the clock moved past it).
 */
export async function calibrate(): Promise<Calibration> {
  const stack = await startStack('soak-calibration', 0);
  try {
    const [seller, buyer] = await parties(stack, [
      { name: 'calseller', seller: true },
      { name: 'calbuyer', seller: false },
    ]);
    const catalog = await makeCatalog(stack, [seller!], 3 * CALIBRATION_RUNS, 2);
    const world: World = { url: stack.url, carrierUrl: stack.env.CARRIER_API_URL!, photo: await photo() };
    const counter = countAws();
    const people = { buyer: asUser(buyer!, false, 0), seller: asUser(seller!, true, 1) };
    const memories = { buyer: newMemory(), seller: newMemory() };
    // Handler modules loaded and connections open before counting: a warm container's costs.
    for (const j of ['browse', 'itemPage'] as const) {
      const b = new Browser(people.buyer, world, emptyStats());
      await runJourney(j, { b, world, catalog, memory: memories.buyer });
      b.close();
    }
    await drained(stack, 30_000);
    counter.take();
    const order: Journey[] = [
      'browse',
      'itemPage',
      'wishlist',
      'bid',
      'checkout',
      'message',
      'sellerInbox',
      'sellerList',
      'sellerShip',
    ];
    const result: Calibration = { journeys: {} };
    for (const j of order) {
      const who = j.startsWith('seller') ? 'seller' : 'buyer';
      const stats = emptyStats();
      let total = counter.take();
      total = {
        ...total,
        dynamo: { readItems: 0, rcu: 0, writeItems: 0, wcu: 0, calls: 0 },
        sqsSent: {},
        ledgerCalls: 0,
      };
      for (let i = 0; i < CALIBRATION_RUNS; i++) {
        const b = new Browser(people[who], world, stats);
        const ok = await runJourney(j, { b, world, catalog, memory: memories[who] });
        b.close();
        if (!ok) throw new Error(`calibration: ${j} failed: ${JSON.stringify(stats.routes)}`);
        // What the journey set going (events, signing checks, thumbnails, delivery webhooks) is its cost too.
        await sleep(j === 'sellerShip' || j === 'checkout' ? 2_500 : 300);
        await drained(stack, 30_000);
        total = add(total, counter.take());
      }
      result.journeys[j] = perRun(total, stats, CALIBRATION_RUNS, j);
    }
    // The release: delivered orders' escrows finished by the settlement schedule once the inspection period is over.
    const { data: delivered } = await db()
      .entities.order.query.byStatusDeadline({ status: 'delivered' })
      .go({ pages: 'all' });
    if (delivered.length === 0) throw new Error('calibration: no delivered order to release');
    setClock(new Date(Date.now() + 60 * 3_600_000));
    try {
      await stack.runSchedule('settle-escrows');
      await sleep(2_500);
      await drained(stack, 30_000);
    } finally {
      setClock(null);
    }
    result.journeys.release = perRun(counter.take(), emptyStats(), delivered.length, 'release');
    return result;
  } finally {
    await stack.dispose();
  }
}

// --- The soak ----------------------------------------------------------------------------------------------------

export interface MemoryRow {
  name: string;
  startMb: number | null;
  middleMb: number | null;
  endMb: number | null;
}

export interface SoakResult {
  date: string;
  shape: string;
  minutes: number;
  users: number;
  sellers: number;
  threads: number;
  thinkMs: number;
  loadAtStart: number;
  setupSeconds: number;
  routes: Record<
    string,
    { n: number; p50: number; p95: number; errors: number; serverErrors: number; refused: number; samples: string[] }
  >;
  journeys: UserStats['journeys'];
  requests: number;
  serverErrors: number;
  errors: number;
  ordersFunded: number;
  ordersShipped: number;
  fundedP95Ms: number | null;
  queues: Record<string, { oldestAgeSeconds: number; maxDepth: number }>;
  dlqMessages: number;
  drainedAfterSeconds: number | null;
  memory: MemoryRow[];
  /** The largest growth of a process's memory over the second half (end over middle), in percent. */
  secondHalfGrowthPercent: number;
  escrows: EscrowCheck;
  rlusdBefore: RlusdTotals;
  rlusdAfter: RlusdTotals;
  sockets: SocketTally;
  pool: HttpPoolStats | null;
  /** ERROR lines the handlers in this process logged during the soak and the drain, by message. */
  loggedErrors: Record<string, number>;
}

function mergeStats(into: UserStats, from: UserStats) {
  for (const [name, r] of Object.entries(from.routes)) {
    const t = (into.routes[name] ??= { ms: [], errors: 0, serverErrors: 0, refused: 0, samples: [] });
    t.ms.push(...r.ms);
    t.errors += r.errors;
    t.serverErrors += r.serverErrors;
    t.refused += r.refused;
    t.samples.push(...r.samples.slice(0, Math.max(0, 3 - t.samples.length)));
  }
  for (const [j, s] of Object.entries(from.journeys) as [
    Journey,
    { runs: number; failed: number; requests: number },
  ][]) {
    const t = (into.journeys[j] ??= { runs: 0, failed: 0, requests: 0 });
    t.runs += s.runs;
    t.failed += s.failed;
    t.requests += s.requests;
  }
  into.fundedMs.push(...from.fundedMs);
  into.ordersFunded += from.ordersFunded;
  into.ordersShipped += from.ordersShipped;
}

function memorySample(): Map<number, { name: string; mb: number | null }> {
  return new Map(processes().map((p) => [p.pid, { name: p.name, mb: rssMb(p.pid) }]));
}

export async function soak(opts: SoakOptions): Promise<SoakResult> {
  const loadAtStart = os.loadavg()[0]!;
  const setupStart = performance.now();
  const stack = await startStack('soak', opts.workers);
  progress(`stack started (${stack.httpPool ? 'Lambda shape' : 'one process'})`);
  try {
    const sellerCount = Math.max(AUCTIONS, Math.round(opts.users * SELLER_SHARE));
    const who = [
      ...Array.from({ length: sellerCount }, (_, i) => ({ name: `seller${i}`, seller: true })),
      ...Array.from({ length: opts.users - sellerCount }, (_, i) => ({ name: `buyer${i}`, seller: false })),
    ];
    // Funded on the ledger a batch at a time: 500 wallets at once time out the stand-in's funding requests.
    const people: Party[] = [];
    for (let i = 0; i < who.length; i += FUNDING_BATCH)
      people.push(...(await parties(stack, who.slice(i, i + FUNDING_BATCH))));
    progress(`${people.length} accounts funded`);
    const sellers = people.slice(0, sellerCount);
    const catalog = await makeCatalog(stack, sellers, FIXED_PER_SELLER, AUCTIONS);
    const world: World = { url: stack.url, carrierUrl: stack.env.CARRIER_API_URL!, photo: await photo() };
    const users = people.map((p, i) => asUser(p, i < sellerCount, i));
    const holders = people.map((p) => p.wallet.classicAddress);
    await drained(stack, 60_000);
    const rlusdBefore = await rlusdTotals(stack, holders);
    const setupSeconds = (performance.now() - setupStart) / 1000;
    progress(`catalog of ${catalog.length} listings; users start`);

    const errorLogs = countErrorLogs();
    const start = memorySample();
    let middle = start;
    const durationMs = opts.minutes * 60_000;
    const deadline = Date.now() + durationMs;
    const queues: SoakResult['queues'] = {};
    let sampling = true;
    const sampler = (async () => {
      let tookMiddle = false;
      while (sampling) {
        const s = await sampleQueues(stack).catch(() => null);
        for (const [q, age] of Object.entries(s?.oldestAgeSeconds ?? {})) {
          const t = (queues[q] ??= { oldestAgeSeconds: 0, maxDepth: 0 });
          t.oldestAgeSeconds = Math.max(t.oldestAgeSeconds, age);
          t.maxDepth = Math.max(t.maxDepth, s!.depth[q] ?? 0);
        }
        if (!tookMiddle && Date.now() >= deadline - durationMs / 2) {
          middle = memorySample();
          tookMiddle = true;
        }
        await sleep(2_000);
      }
    })();

    // Users spread over the threads, sellers among them; each thread keeps its share of the open item pages.
    const wsUrl = `${stack.url.replace('http', 'ws')}/ws`;
    const topicOf = Object.fromEntries(catalog.filter((l) => l.hot).map((l) => [l.id, listingTopic(l.id)]));
    const threads = Array.from({ length: USER_THREADS }, (_, t) => {
      const job: UsersJob = {
        users: users.filter((_, i) => i % USER_THREADS === t),
        catalog,
        world,
        deadline,
        thinkMs: opts.thinkMs,
        sockets: Math.round((opts.users * SOCKETS_PER_USER) / USER_THREADS),
        wsUrl,
        topicOf,
      };
      return tsWorker(new URL('./soak-users.worker.ts', import.meta.url), job);
    });
    const stats = emptyStats();
    const sockets: SocketTally = { sockets: 0, framesReceived: 0, framesSent: 0, connectedMs: 0 };
    try {
      const answers = await Promise.all(
        threads.map((w) =>
          mailbox<{ stats?: UserStats; sockets?: SocketTally; error?: string }>(w)(
            (m) => !!m.stats,
            durationMs + 300_000,
          ),
        ),
      );
      for (const a of answers) {
        if (!a) throw new Error('a users thread did not finish');
        mergeStats(stats, a.stats!);
        for (const k of Object.keys(sockets) as (keyof SocketTally)[]) sockets[k] += a.sockets![k];
      }
    } finally {
      await Promise.all(threads.map((w) => w.terminate()));
    }
    const endedAt = Date.now();
    progress('users stopped; draining');
    const emptied = await drained(stack, 120_000);
    const drainedAfterSeconds = emptied ? (Date.now() - endedAt) / 1000 : null;
    sampling = false;
    await sampler;
    const loggedErrors = errorLogs.stop();
    const end = memorySample();
    const pool = stack.httpPool?.stats() ?? null;
    const last = await sampleQueues(stack);
    const dlqMessages = Object.entries(last.depth)
      .filter(([q]) => q.endsWith('-dlq'))
      .reduce((s, [, n]) => s + n, 0);
    const escrows = await checkEscrows(stack);
    const rlusdAfter = await rlusdTotals(stack, holders);

    const memory: MemoryRow[] = [...start.entries()].map(([pid, s]) => ({
      name: s.name,
      startMb: s.mb,
      middleMb: middle.get(pid)?.mb ?? null,
      endMb: end.get(pid)?.mb ?? null,
    }));
    const growth = memory
      .filter((m) => m.middleMb && m.endMb)
      .map((m) => ((m.endMb! - m.middleMb!) / m.middleMb!) * 100);
    const routes: SoakResult['routes'] = {};
    for (const [name, r] of Object.entries(stats.routes).sort(([a], [b]) => a.localeCompare(b))) {
      const ms = [...r.ms].sort((a, b) => a - b);
      routes[name] = {
        n: ms.length,
        p50: percentile(ms, 50),
        p95: percentile(ms, 95),
        errors: r.errors,
        serverErrors: r.serverErrors,
        refused: r.refused,
        samples: r.samples,
      };
    }
    const all = Object.values(stats.routes) as RouteStats[];
    const funded = [...stats.fundedMs].sort((a, b) => a - b);
    return {
      date: new Date().toISOString().slice(0, 10),
      shape: stack.httpPool ? `Lambda shape (${opts.workers} HTTP worker processes)` : 'one process',
      minutes: opts.minutes,
      users: opts.users,
      sellers: sellerCount,
      threads: USER_THREADS,
      thinkMs: opts.thinkMs,
      loadAtStart,
      setupSeconds,
      routes,
      journeys: stats.journeys,
      requests: all.reduce((s, r) => s + r.ms.length, 0),
      serverErrors: all.reduce((s, r) => s + r.serverErrors, 0),
      errors: all.reduce((s, r) => s + r.errors, 0),
      ordersFunded: stats.ordersFunded,
      ordersShipped: stats.ordersShipped,
      fundedP95Ms: funded.length ? percentile(funded, 95) : null,
      queues,
      dlqMessages,
      drainedAfterSeconds,
      memory,
      secondHalfGrowthPercent: growth.length ? Math.max(...growth) : 0,
      escrows,
      rlusdBefore,
      rlusdAfter,
      sockets,
      pool,
      loggedErrors,
    };
  } finally {
    await stack.dispose();
  }
}

// --- Counters for the cost model ---------------------------------------------------------------------------------

export function costCounters(cal: Calibration, r: SoakResult): CostCounters {
  // Busy time per invocation from the worker pool (each worker serves one request at a time, as a Lambda container);
  // without a pool the cost model takes the calibration's answer times (one request at a time, a quiet stack).
  const handlerOf = new Map(routeList.map((x) => [x.name, x.handler]));
  const msPerInvocation: Record<string, number> = {};
  for (const name of Object.keys(r.routes)) {
    const pooled = r.pool?.byHandler[handlerOf.get(name) ?? ''];
    if (pooled?.invocations) msPerInvocation[name] = pooled.busyMs / pooled.invocations;
  }
  return {
    measured: r.date,
    shape: r.shape,
    lambdaMemoryMb: 1024,
    journeys: cal.journeys,
    soakMix: Object.fromEntries(Object.entries(r.journeys).map(([j, s]) => [j, s.runs - s.failed])),
    soakOrders: r.ordersFunded,
    msPerInvocation,
    sockets: {
      framesReceived: r.sockets.framesReceived,
      framesSent: r.sockets.framesSent,
      connectedMinutes: r.sockets.connectedMs / 60_000,
    },
  };
}

export function writeCostCounters(counters: CostCounters): void {
  fs.writeFileSync(COUNTERS_FILE, `${JSON.stringify(counters, null, 2)}\n`);
}

// --- docs/bench.md ----------------------------------------------------------------------------------------------

const PREFIX = '| soak:';
const mb = (x: number | null) => (x === null ? '–' : x.toFixed(0));

/** Cells short enough not to widen docs/bench.md's first table (a wider cell reformats every row of it). */
const FIGURE_WIDTH = 80;

/** `items` joined with ', ' into as few cells of at most FIGURE_WIDTH characters as they fit in. */
function cells(items: string[]): string[] {
  const out: string[] = [];
  for (const item of items) {
    const last = out.at(-1);
    if (last !== undefined && last.length + 2 + item.length <= FIGURE_WIDTH) out[out.length - 1] = `${last}, ${item}`;
    else out.push(item);
  }
  return out.length ? out : ['none'];
}

export function soakRows(r: SoakResult): BenchRows {
  const row = (what: string, figure: string, target = '') => `${PREFIX} ${what} | ${figure} | ${target} |`;
  const refused = Object.values(r.routes).reduce((sum, x) => sum + x.refused, 0);
  const failed = Object.values(r.journeys).reduce((sum, x) => sum + x.failed, 0);
  const journeyCells = cells(Object.entries(r.journeys).map(([j, x]) => `${j} ${x.runs}`));
  const byP95 = Object.entries(r.routes).sort(([, a], [, b]) => b.p95 - a.p95);
  const p95Cells = cells(byP95.map(([name, x]) => `${name} ${x.p95.toFixed(0)}`));
  const erred = cells(byP95.filter(([, x]) => x.errors > 0).map(([name, x]) => `${name} ${x.errors}`));
  const [topError, topCount] = Object.entries(r.loggedErrors).sort(([, a], [, b]) => b - a)[0] ?? [];
  const loggedTotal = Object.values(r.loggedErrors).reduce((a, b) => a + b, 0);
  const queueText = Object.entries(r.queues)
    .filter(([q]) => !q.endsWith('-dlq'))
    .map(([q, x]) => `${q} ${x.oldestAgeSeconds.toFixed(1)} s`)
    .join(', ');
  // The pool's workers together (each is in the JSON result).
  const workers = r.memory.filter((m) => m.name.startsWith('worker '));
  const total = (k: 'startMb' | 'middleMb' | 'endMb') =>
    workers.some((w) => w[k] === null) ? null : workers.reduce((sum, w) => sum + w[k]!, 0);
  const memory = [
    ...r.memory.filter((m) => !m.name.startsWith('worker ')),
    ...(workers.length
      ? [
          {
            name: `its ${workers.length} worker processes together`,
            startMb: total('startMb'),
            middleMb: total('middleMb'),
            endMb: total('endMb'),
          },
        ]
      : []),
  ];
  const moneyOk =
    r.escrows.found === r.escrows.held &&
    r.rlusdAfter.escrows === r.escrows.held &&
    r.rlusdAfter.totalCents === r.rlusdBefore.totalCents;
  const rows = [
    row(
      `${r.users} users (${r.sellers} sellers, ${r.sockets.sockets} open item pages) for ${r.minutes} min, ${r.shape}: requests, 5xx, other unexpected answers, refusals by the rules`,
      `${r.requests}, ${r.serverErrors}, ${r.errors - r.serverErrors}, ${refused}`,
      '5xx 0',
    ),
    ...erred.map((c, i) =>
      row(`unexpected answers by route${erred.length > 1 ? ` (${i + 1} of ${erred.length})` : ''}`, c),
    ),
    ...p95Cells.map((c, i) => row(`p95 per route in ms, slowest first (${i + 1} of ${p95Cells.length})`, c)),
    ...journeyCells.map((c, i) => row(`journeys run (${i + 1} of ${journeyCells.length})`, c)),
    row(
      'journeys failed; orders funded (signed to funded p95); orders shipped',
      `${failed}; ${r.ordersFunded} (${r.fundedP95Ms === null ? '–' : `${(r.fundedP95Ms / 1000).toFixed(1)} s`}); ${r.ordersShipped}`,
      'failed 0',
    ),
    row(
      `ERROR lines the handlers in the stack's process logged${topError ? ` (most: ${topCount} × ${topError.replace(/\|/g, '/').slice(0, 90)})` : ''}`,
      String(loggedTotal),
    ),
    row(
      'oldest message age seen per queue; dead-letter messages; the queues drained after the deadline in',
      `${queueText}; DLQ ${r.dlqMessages}; ${r.drainedAfterSeconds === null ? 'not within 2 min' : `${r.drainedAfterSeconds.toFixed(1)} s`}`,
      'DLQ 0',
    ),
    ...memory.map((m) =>
      row(
        `memory (RSS, MB) at start / middle / end: ${m.name}`,
        `${mb(m.startMb)} / ${mb(m.middleMb)} / ${mb(m.endMb)}`,
      ),
    ),
    row(
      'memory: the most any one process grew from the middle to the end',
      `${r.secondHalfGrowthPercent.toFixed(1)} %`,
      '≤ 10 %',
    ),
    row(
      "money: orders holding an escrow found on the ledger with the order's amount (escrows on the ledger); RLUSD on trust lines and in escrows before, after",
      `${r.escrows.found} of ${r.escrows.held} (${r.rlusdAfter.escrows}); ${formatUsd(r.rlusdBefore.totalCents)}, ${formatUsd(r.rlusdAfter.totalCents)} (${moneyOk ? 'same' : 'differ'})`,
      'all; the same',
    ),
    row(
      'setup before the clock starts (accounts funded on the ledger, the catalog listed)',
      `${r.setupSeconds.toFixed(0)} s`,
    ),
  ].join('\n');
  return { prefix: PREFIX, rows, notes: soakNotes };
}

/** The same text on every run (docs/bench.md finds an earlier run's note by it): the run's figures are in the rows. */
export const soakNotes = `Soak: a fresh local stack without seed data; users (one in ten a seller) are accounts whose wallets are Xaman
stand-in dev wallets with RLUSD, sessions opened directly, in ${USER_THREADS} worker threads, each user with its own loopback
address and keep-alive connection, think times exponential (mean ${DEFAULTS.thinkMs / 1000} s). Buyers: browse and search 70 %, item
pages 14 %, wishlist 4 %, bids 6 % (${AUCTIONS} auctions, 70 % of bids on ${HOT} hot ones), checkout 3 % (cart, checkout, escrow
signing approved on the Xaman stand-in's sign page, the order followed to funded), messages and offers 3 %; sellers:
browse, inbox (reply, refuse offers), shipping (platform fee signed, parcel at the carrier stand-in, its scans to
delivered as signed webhooks) and listing with a photo (presigned POST to the S3 emulator, thumbnails by the media
queue). Four in ten users keep a hot auction's item page open (a socket). No journey starts after the deadline; then
the queues drain. Refusals the rules give (a bid too low, an offer already open) are counted, not errors. Queue ages
are sampled every 2 s from the SQS emulator (waiting, delayed and in-flight messages); memory is each process's RSS
from /proc, growth measured from the middle to the end. Money: every order funded, shipped or delivered has its
escrow on the ledger with its total, and the RLUSD on the issuer's trust lines plus in escrows is the same after as
before. Accounts, funding and the catalog are made before the clock starts.`;

// --- Running it ---------------------------------------------------------------------------------------------------

function calibrateInChild(): Calibration {
  const out = spawnSync(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(root, 'tests/bench/soak.ts'), '--calibrate'],
    {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 64 * 2 ** 20,
    },
  );
  if (out.status !== 0) throw new Error(`the calibration exited with ${out.status ?? out.signal}`);
  return JSON.parse(out.stdout.trim().split('\n').at(-1)!) as Calibration;
}

if (isMain(import.meta.url)) {
  if (process.argv.includes('--calibrate')) {
    console.log(JSON.stringify(await calibrate()));
    process.exit(0);
  }
  const opts: SoakOptions = {
    minutes: flag('minutes', DEFAULTS.minutes),
    users: flag('users', DEFAULTS.users),
    workers: flag('workers', DEFAULTS.workers),
    thinkMs: flag('think-ms', DEFAULTS.thinkMs),
  };
  const cal = calibrateInChild();
  progress('calibrated');
  const result = await soak(opts);
  const counters = costCounters(cal, result);
  if (process.argv.includes('--write')) {
    writeCostCounters(counters);
    await writeBenchRows(soakRows(result), 'soak.ts', result.loadAtStart);
  }
  console.error(JSON.stringify({ journeys: JOURNEYS.map((j) => [j, result.journeys[j]]), counters }, null, 1));
  console.log(JSON.stringify({ ...result, counters }));
  process.exit(0);
}
