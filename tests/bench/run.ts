/**
 * `npm run bench`: measures the targets and writes them to docs/bench.md.
 * - initial JavaScript of `/` (gzip): the scripts index.html loads at once (entry + modulepreloads), gzipped;
 * - `npm start` to healthy: the start script spawned as `npm start` would, first on an empty data dir (seeding), then again
 *   on the same data (the usual restart), timed until GET /api/health answers 200;
 * - listings API latency through the local gateway with the seed data: p50 / p95 of sequential requests;
 * - the ledger stand-in's throughput: signed payments from concurrent clients, validated per second and closes waited;
 * - browse and search over 50,000 generated listings (browse-at-scale.ts) and Lighthouse on /marketplace and /item/{id}
 *   (lighthouse.ts), each in a child process: a local stack sets process-wide env and the app's db() service keeps the
 *   client of the first stack it saw, so one stack per process;
 * - live push: an event published -> the frame received by 500 sockets on one topic (live-push.ts, in a child process);
 * - messages: a send to the frame in the other party's open chat (message-push.ts), and the conversation list of a user
 *   with 1,000 conversations (conversation-list.ts), each in a child process;
 * - seller analytics: the Analytics read of a seller with 1,000 listings and 100,000 views in 90 days, and the item
 *   page with and without view counting (seller-analytics.ts, in a child process);
 * - one hot auction: 50 bidders on one auction, paced and flat out, the final state checked against every accepted bid,
 *   in the one-process and the Lambda shape (hot-auction.ts, in a child process; decision 075);
 * - checkout and the message send under load in both shapes (two-shapes.ts, in a child process);
 * - bid push: a bid's 201 -> 'New Bid Placed' on 500 open pages of the item (bid-push.ts, in a child process);
 * - cold start: every function bundled as the CDK bundles it and its module load timed (cold-start.ts, in a child process);
 * - the admin escrow monitor over 100,000 orders (escrow-monitor.ts, in a child process);
 * - a platform settings change reaching every function container (settings-propagation.ts, in a child process);
 * - escrow release: carrier webhook to validated EscrowFinish, and one delivery-schedule run over 10,000 shipped orders
 *   (escrow-release.ts, in a child process);
 * - the soak: 500 users for 10 minutes in the Lambda shape, with the cost counters written to docs/cost-counters.json
 *   (soak.ts, in a child process);
 * - the escrow money-safety simulation, 1,000 orders with random fates and injected faults (tests/sim/escrow/sim.ts, in a
 *   child process), written under its own heading.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import getPort from 'get-port';
import * as prettier from 'prettier';
import { startLocalStack } from '../../infra/local/stack';
import { ledgerThroughput } from './ledger-throughput';
import type { browseAtScale } from './browse-at-scale';
import type { lighthouseScores } from './lighthouse';
import type { BellResult } from './notifications-bell';
import type { PurchaseReadResult } from './purchase-with-dispute';
import { checkoutNotes, checkoutRows, type CheckoutBench } from './checkout';
import { lighthouseRows, listingNotes, scaleRows } from './listing-rows';
import { livePushRows, type LivePush } from './live-push';
import { hotAuctionRows, type HotAuctionBench } from './hot-auction';
import { bidPushRows, type BidPush } from './bid-push';
import { coldStartSection, type ColdStartRow } from './cold-start';
import { percentile } from './percentile';
import { escrowReleaseNotes, escrowReleaseRows, type EscrowReleaseBench } from './escrow-release';
import { escrowSimSection, type SimResult } from '../sim/escrow/sim';
import { messagePushNotes, messagePushRows, type MessagePush } from './message-push';
import { conversationListNotes, conversationListRows, type ConversationListBench } from './conversation-list';
import { sellerAnalyticsNotes, sellerAnalyticsRows, type SellerAnalyticsBench } from './seller-analytics';
import { escrowMonitorNotes, escrowMonitorRows, type EscrowMonitorBench } from './escrow-monitor';
import { twoShapesRows, type TwoShapesBench } from './two-shapes';
import {
  settingsPropagationNotes,
  settingsPropagationRows,
  type SettingsPropagationBench,
} from './settings-propagation';
import { soakRows, writeCostCounters, type CostCounters, type SoakResult } from './soak';

const root = path.resolve(import.meta.dirname, '../..');

function initialJsGzipBytes(): { files: string[]; bytes: number } {
  const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts'], { cwd: root, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('web build failed');
  const html = fs.readFileSync(path.join(root, 'web/dist/index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  const unique = [...new Set(files)];
  const bytes = unique.reduce(
    (sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(root, 'web/dist', f)), { level: 9 }).length,
    0,
  );
  return { files: unique, bytes };
}

async function timeToHealthy(dataDir: string): Promise<number> {
  const port = await getPort();
  const started = performance.now();
  const child = spawn('npx', ['tsx', 'infra/local/start.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, XRPL_PORT: '0', XAMAN_PORT: '0', PRODUCTS_PORT: '0' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      if (performance.now() - started > 180_000) throw new Error('not healthy within 180 s');
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.status === 200) return (performance.now() - started) / 1000;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid!, 'SIGINT');
    await exited;
  }
}

/** Runs a bench script in its own process; it prints its result as JSON on the last line of its output. */
function inChild<T>(script: string, args: string[] = []): T {
  const out = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'tests/bench', script), ...args], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 2 ** 20,
  });
  if (out.status !== 0) throw new Error(`${script} exited with ${out.status ?? out.signal}`);
  return JSON.parse(out.stdout.trim().split('\n').at(-1)!) as T;
}

async function listingsLatency(): Promise<{ p50: number; p95: number; n: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-latency-'));
  const stack = await startLocalStack({
    port: 0,
    dataDir,
    seed: true,
    webDir: null,
    ledgerPort: 0,
    xamanPort: 0,
    productsPort: 0,
  });
  try {
    const queries = ['', 'sort=newest', 'category=Electronics', 'sort=price-low', 'sort=ending-soon', 'search=vintage'];
    const get = async (q: string) => {
      const res = await fetch(`${stack.url}/api/listings?${q}`);
      if (res.status !== 200) throw new Error(`GET /api/listings?${q} -> ${res.status}`);
      await res.arrayBuffer();
    };
    for (let i = 0; i < 30; i++) await get(queries[i % queries.length]!);
    const samples: number[] = [];
    for (let i = 0; i < 300; i++) {
      const t0 = performance.now();
      await get(queries[i % queries.length]!);
      samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    return { p50: percentile(samples, 50), p95: percentile(samples, 95), n: samples.length };
  } finally {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const js = initialJsGzipBytes();
const startDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
const firstStart = await timeToHealthy(startDir);
const restart = await timeToHealthy(startDir);
fs.rmSync(startDir, { recursive: true, force: true });
const latency = await listingsLatency();
const ledger = await ledgerThroughput();
const scale = inChild<Awaited<ReturnType<typeof browseAtScale>>>('browse-at-scale.ts');
// web/dist was just built by initialJsGzipBytes.
const pages = inChild<Awaited<ReturnType<typeof lighthouseScores>>>('lighthouse.ts', ['--no-build']);
const push = livePushRows(inChild<LivePush>('live-push.ts'));
const hot = hotAuctionRows(inChild<HotAuctionBench>('hot-auction.ts'));
const bidPushed = bidPushRows(inChild<BidPush>('bid-push.ts'));
const bell = inChild<BellResult>('notifications-bell.ts');
const purchase = inChild<PurchaseReadResult>('purchase-with-dispute.ts');
const messagePush = inChild<MessagePush>('message-push.ts');
const conversations = inChild<ConversationListBench>('conversation-list.ts');
const analytics = inChild<SellerAnalyticsBench>('seller-analytics.ts');
const monitor = inChild<EscrowMonitorBench>('escrow-monitor.ts');
const settingsChange = inChild<SettingsPropagationBench>('settings-propagation.ts');
const shapes = twoShapesRows(inChild<TwoShapesBench>('two-shapes.ts'));
const checkout = inChild<CheckoutBench>('checkout.ts');
const cold = inChild<ColdStartRow[]>('cold-start.ts');
const release = inChild<EscrowReleaseBench>('escrow-release.ts');
const soaked = inChild<SoakResult & { counters: CostCounters }>('soak.ts');
writeCostCounters(soaked.counters);
const soakPiece = soakRows(soaked);
const sim = inChild<SimResult>('../sim/escrow/sim.ts', ['--json', '--exit-zero']);

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const benchFile = path.join(root, 'docs/bench.md');
/** The whole suite's time comes from a clean-clone run of `.ci/run`, not from the bench: its section is kept as it is. */
const suiteSection =
  /^## Test suite\n[\s\S]*?(?=^## |(?![\s\S]))/m.exec(fs.readFileSync(benchFile, 'utf8'))?.[0].trim() ?? '';
const report = `# Benchmarks

Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} × ${cpu}, ${Math.round(
  os.totalmem() / 2 ** 30,
)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}.

| what | figure | target |
| --- | --- | --- |
| initial JavaScript of \`/\` (gzip, ${js.files.length} files) | ${(js.bytes / 1024).toFixed(1)} KB | ≤ 150 KB |
| \`npm start\` to healthy, restart with existing data | ${restart.toFixed(1)} s | ≤ 30 s |
| \`npm start\` to healthy, first start (empty data, seeding) | ${firstStart.toFixed(1)} s | |
| \`GET /api/listings\` through the local gateway, p50 (n=${latency.n}) | ${latency.p50.toFixed(1)} ms | |
| \`GET /api/listings\` through the local gateway, p95 (n=${latency.n}) | ${latency.p95.toFixed(1)} ms | ≤ 30 ms |
| ledger stand-in: signed payments validated per second (${ledger.payments}, ${ledger.clients} clients) | ${ledger.perSecond.toFixed(0)} /s | ≥ 200 /s |
| ledger stand-in: payments validated within two ledger closes | ${ledger.withinTwoCloses} of ${ledger.payments} (max ${ledger.maxCloses}) | all |
${scaleRows(scale)}
${lighthouseRows(pages)}
${push.rows}
${hot.rows}
${bidPushed.rows}
| the bell: \`GET /api/me/notifications/summary\` with ${bell.notifications} notifications, p50 / p95 (n=${bell.n}) | ${bell.p50.toFixed(1)} / ${bell.p95.toFixed(1)} ms | p95 ≤ 20 ms |
| the purchase page with an open dispute (4 photos): \`GET /api/orders/{id}\`, p50 / p95 (n=${purchase.n}) | ${purchase.p50.toFixed(1)} / ${purchase.p95.toFixed(1)} ms | p95 ≤ 50 ms |
${checkoutRows(checkout)}
${escrowReleaseRows(release)}
${messagePushRows(messagePush)}
${conversationListRows(conversations)}
${sellerAnalyticsRows(analytics)}
${escrowMonitorRows(monitor)}
${settingsPropagationRows(settingsChange)}
${shapes.rows}
${soakPiece.rows}

Initial scripts: ${js.files.map((f) => `\`${f}\``).join(', ')}.
Start times exclude \`npm install\` and include the web build only when web sources changed (not the case on a restart).
Latency requests cycle over newest, category, price, ending-soon and search queries, sequentially, after 30 warm-up requests.
Ledger throughput: the node runs in its own process with the default 1 s close; payments are signed before the clock starts and
submitted over ${ledger.clients} WebSocket connections (each sender's payments in sequence order); the rate runs from the first
submit to the last validation seen on the transactions stream; closes waited = validated ledger minus the last closed ledger
at submit.
${listingNotes}
${push.notes}
${hot.notes}
${bidPushed.notes}
The bell: a fresh local stack without seed data, ${bell.notifications} notifications stored for one user through \`notify\` (its
transactions), then 30 warm-up and ${bell.n} sequential timed requests with that user's session through the gateway (the
session check, then the unread counter and the 5 latest read side by side).
${checkoutNotes}
${escrowReleaseNotes}
${messagePushNotes}
${conversationListNotes}
${sellerAnalyticsNotes}
${escrowMonitorNotes}
${settingsPropagationNotes}
${shapes.notes}
${soakPiece.notes}

${escrowSimSection(sim, new Date().toISOString().slice(0, 10))}

${coldStartSection(cold)}

${suiteSection}`;
// Formatted as the repository's check expects, so a fresh run can be committed as it is.
const prettierOptions = (await prettier.resolveConfig(benchFile)) ?? {};
fs.writeFileSync(benchFile, await prettier.format(report, { ...prettierOptions, filepath: benchFile }));
console.log(report);
process.exit(0);
