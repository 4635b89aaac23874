/**
 * The seller portal's Analytics (decision 056): a local stack with no seed data; one seller with 1,000 listings and,
 * over the last 90 days, 100,000 counted views (from 30,000 viewers, the listings' popularity skewed as 1/rank), 1,500
 * messages, 600 offers and 400 released sales, aggregated with the app's own counting (core/analytics tallyFacts) and
 * written straight to the table as the events consumer writes them. Then sequential GET /api/me/analytics?range=90 with
 * the seller's session through the gateway, and the DynamoDB items one read costs; and the item page's
 * GET /api/listings/{id} with and without view counting (each page view's beacon sent after it, so the events
 * consumer counts a view per page while the next pages are read). `npx tsx tests/bench/seller-analytics.ts [--write]`
 * runs it alone (`--write` puts its rows into docs/bench.md); `npm run bench` runs it in a child process.
 */
import os from 'node:os';
import { ulid } from 'ulid';
import type { AnalyticsFact, StoredPeriod } from '../../functions/core/analytics/ports';
import type { SellerAnalytics } from '../../shared/api/analytics';
import { dayOf, rangeDays } from '../../shared/domain/analytics';
import { createPrng } from '../../infra/local/seed/prng';
import { startBareStack } from './bare-stack';
import { runAlone } from './bench-doc';
import { generateListings } from './generate-listings';
import { percentile } from './percentile';
import { countReads, type ReadTally } from './read-counter';

export const ANALYTICS_LISTINGS = 1_000;
export const ANALYTICS_VIEWS = 100_000;
const VIEWERS = 30_000;
const MESSAGES = 1_500;
const OFFERS = 600;
const SALES = 400;
const FOLLOWERS = 37;
const WARM_UP = 30;
const TIMED = 300;
const COUNTED = 20;
/** Item page reads per round, rounds alternating without and with the beacon (the machine's load drifts). */
const PAGE_ROUND = 50;
const PAGE_ROUNDS = 6;
/** One page view every this many ms in both phases (20 a second on one listing: far above a real listing's rate). */
const PAGE_INTERVAL_MS = 50;
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

export interface SellerAnalyticsBench {
  listings: number;
  views: number;
  p50: number;
  p95: number;
  n: number;
  /** p95 of the 30- and 7-day reads. */
  p95By: { range: number; p95: number }[];
  /** DynamoDB reads of one 90-day request (mean over COUNTED requests), the session check included. */
  reads: ReadTally;
  /** The figures the read returned (a check that the seeded data is what was read). */
  figures: SellerAnalytics['figures'];
  page: { without: { p50: number; p95: number }; with: { p50: number; p95: number }; beacon: number; n: number };
  /** Views the beacons of the item-page phase added, and how long after the last one they were all counted. */
  beaconsCounted: { sent: number; counted: number; drainMs: number };
  load: [number, number];
  seedSeconds: number;
}

/** 1/rank popularity: a listing's chance of a view falls with its rank (a few listings draw most of the views). */
function skewedPicker(n: number, next: () => number) {
  const cdf: number[] = [];
  let sum = 0;
  for (let i = 1; i <= n; i++) cdf.push((sum += 1 / i));
  return () => {
    const x = next() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

async function timed(request: () => Promise<unknown>, n: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await request();
    samples.push(performance.now() - t0);
  }
  return samples;
}

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

export async function sellerAnalytics(): Promise<SellerAnalyticsBench> {
  const stack = await startBareStack('seller-analytics');
  try {
    // Imported once the stack has set the environment the adapters read.
    const { db } = await import('../../functions/adapters/db/service');
    const { sessionDeps } = await import('../../functions/wiring/auth');
    const { openSession } = await import('../../functions/core/auth/sessions');
    const { tallyFacts, periodId } = await import('../../functions/core/analytics/count-facts');
    const { periodItems } = await import('../../functions/adapters/db/analytics-store');
    const { dynamoRawClient } = await import('../../functions/lib/aws-clients');
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');

    const seedStart = performance.now();
    const sellerId = ulid();
    const { token } = await openSession(sellerId, sessionDeps());
    const now = new Date();
    const listings = generateListings(ANALYTICS_LISTINGS, now).map(({ item }) => ({
      ...item,
      sellerId,
      sellerUsername: 'bench_seller',
    }));
    const { unprocessed } = await db().entities.listing.put(listings).go({ concurrency: 8 });
    if (unprocessed.length > 0) throw new Error(`${unprocessed.length} listings not written`);
    // The follow feature's counter on the profile (read raw by Analytics).
    await db()
      .entities.profile.put({ userId: sellerId, createdAt: now.toISOString(), updatedAt: now.toISOString() })
      .go();
    await db().client.send(
      new UpdateCommand({
        ...(db().entities.profile.get({ userId: sellerId }).params() as {
          TableName: string;
          Key: Record<string, string>;
        }),
        UpdateExpression: 'SET followerCount = :n',
        ExpressionAttributeValues: { ':n': FOLLOWERS },
      }),
    );

    // The 90 days' facts, counted with the app's own rules into days and blocks.
    const prng = createPrng(90210);
    const days = rangeDays(90, dayOf(now));
    const pick = skewedPicker(ANALYTICS_LISTINGS, prng.next);
    // A random moment of day i of the range; today's before now.
    const atOnDay = (i: number) => {
      const start = Date.parse(`${days[i]}T00:00:00.000Z`);
      const end = Math.min(start + 86_400_000, now.getTime());
      return new Date(start + Math.floor(prng.next() * (end - start))).toISOString();
    };
    const facts: AnalyticsFact[] = [];
    for (let v = 0; v < ANALYTICS_VIEWS; v++) {
      const listing = listings[pick()]!;
      facts.push({
        kind: 'view',
        sellerId,
        listingId: listing.listingId,
        viewerKey: `${prng.next() < 0.4 ? 'u' : 'a'}:viewer${prng.int(0, VIEWERS - 1)}`,
        at: atOnDay(prng.int(0, 89)),
        eventId: `view:${v}`,
      });
    }
    const other = (kind: 'message' | 'offer' | 'sale', i: number): AnalyticsFact => {
      const listing = listings[pick()]!;
      const when = atOnDay(prng.int(0, 89));
      const cents = kind === 'message' ? 0 : prng.int(500, 50_000);
      const key = `${kind}:${i}`;
      return {
        kind,
        sellerId,
        key,
        at: when,
        amountCents: cents,
        feeCents: kind === 'sale' ? Math.round(cents * 0.025) : 0,
        listings: kind === 'sale' ? [{ listingId: listing.listingId, cents }] : [],
        activity: {
          id: key,
          kind,
          at: when,
          username: `buyer_${i % 97}`,
          subject: listing.title,
          listingId: listing.listingId,
          amountCents: kind === 'message' ? null : cents,
        },
      };
    };
    for (let i = 0; i < MESSAGES; i++) facts.push(other('message', i));
    for (let i = 0; i < OFFERS; i++) facts.push(other('offer', i));
    for (let i = 0; i < SALES; i++) facts.push(other('sale', i));
    facts.sort((a, b) => a.at.localeCompare(b.at));
    // Each view its own viewer mark: the seeded views are all counted (the repeat rule is the unit tests').
    const periods = new Map<string, StoredPeriod>();
    const activity: { sellerId: string; entry: Extract<AnalyticsFact, { key: string }>['activity'] }[] = [];
    let counted = 0;
    let countedViews = 0;
    for (let i = 0; i < facts.length; i += 1_000) {
      const part = facts.slice(i, i + 1_000);
      const { outcomes, writes } = tallyFacts(sellerId, part, { marks: new Map(), periods });
      counted += outcomes.filter((o) => o === 'counted').length;
      countedViews += outcomes.filter((o, j) => o === 'counted' && part[j]!.kind === 'view').length;
      for (const p of writes.periods) periods.set(periodId(p.span, p.start), p);
      activity.push(...writes.activity);
    }
    if (counted < facts.length * 0.99) throw new Error(`only ${counted} of ${facts.length} seeded facts counted`);
    await db()
      .entities.analyticsPeriod.put([...periods.values()].flatMap((p) => periodItems(sellerId, p)))
      .go({ concurrency: 4 });
    await db()
      .entities.analyticsActivity.put(
        activity.map(({ entry }) => ({
          sellerId,
          at: entry.at,
          activityId: entry.id,
          kind: entry.kind,
          username: entry.username,
          ...(entry.subject !== null && { subject: entry.subject }),
          ...(entry.listingId !== null && { listingId: entry.listingId }),
          ...(entry.amountCents !== null && { amountCents: entry.amountCents }),
          ttl: Math.floor(Date.parse(entry.at) / 1000) + 365 * 86_400,
        })),
      )
      .go({ concurrency: 4 });
    const seedSeconds = (performance.now() - seedStart) / 1000;

    const read = async (range: number) => {
      const res = await fetch(`${stack.url}/api/me/analytics?range=${range}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.status !== 200) throw new Error(`GET /api/me/analytics -> ${res.status}`);
      return (await res.json()) as SellerAnalytics;
    };
    // The first read counts the active listings for itself (their whole index) and asks the events consumer to count
    // and keep them; the reads after use that count.
    const first = await read(90);
    if (first.figures.activeListings !== ANALYTICS_LISTINGS || first.figures.followers !== FOLLOWERS) {
      throw new Error(`unexpected figures: ${JSON.stringify(first.figures)}`);
    }
    const { analyticsReadStore } = await import('../../functions/adapters/db/analytics-store');
    for (let waited = 0; !(await analyticsReadStore(db()).activeListings(sellerId)); waited += 100) {
      if (waited > 30_000) throw new Error('the active listings were not counted');
      await new Promise((r) => setTimeout(r, 100));
    }
    const check = await read(90);
    const viewed = check.daily.reduce((s, d) => s + d.views, 0);
    if (check.figures.views !== countedViews || viewed !== countedViews || check.topByViews.length !== 5) {
      throw new Error(`unexpected read: ${check.figures.views} views, ${check.topByViews.length} top listings`);
    }

    // Counted apart from the timing (asking for consumed capacity costs a little), while the count is fresh.
    const counter = countReads(dynamoRawClient());
    counter.take();
    for (let i = 0; i < COUNTED; i++) await read(90);
    const total = counter.take();
    const mean = (t: ReadTally[keyof ReadTally]) => ({
      calls: t.calls / COUNTED,
      rcu: t.rcu / COUNTED,
      items: t.items / COUNTED,
    });

    for (let i = 0; i < WARM_UP; i++) await read(90);
    const loadBefore = os.loadavg()[0]!;
    const samples = await timed(() => read(90), TIMED);
    const p95By = [];
    for (const range of [30, 7]) p95By.push({ range, p95: stats(await timed(() => read(range), 100)).p95 });

    // The item page, without and with its view beacon.
    const listingId = listings[0]!.listingId;
    let viewer = 0;
    const page = async () => {
      const res = await fetch(`${stack.url}/api/listings/${listingId}`, { headers: { 'user-agent': CHROME } });
      if (res.status !== 200) throw new Error(`GET /api/listings/{id} -> ${res.status}`);
      await res.arrayBuffer();
    };
    const beaconTimes: number[] = [];
    const beacon = async () => {
      const t0 = performance.now();
      // A new visitor each time (another browser): every beacon is a view the consumer counts and writes.
      const res = await fetch(`${stack.url}/api/listings/${listingId}/views`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': `${CHROME} bench/${viewer++}` },
        body: '{}',
      });
      if (res.status !== 202) throw new Error(`POST /api/listings/{id}/views -> ${res.status}`);
      await res.arrayBuffer();
      beaconTimes.push(performance.now() - t0);
    };
    for (let i = 0; i < WARM_UP; i++) await page();
    const viewsBefore = (await read(7)).figures.views;
    const without: number[] = [];
    const withBeacon: number[] = [];
    for (let round = 0; round < PAGE_ROUNDS; round++) {
      for (let i = 0; i < PAGE_ROUND; i++) {
        const t0 = performance.now();
        await page();
        const next = t0 + PAGE_INTERVAL_MS;
        const ms = performance.now() - t0;
        if (round % 2 === 0) without.push(ms);
        else {
          withBeacon.push(ms);
          // As the browser does once the page shows: the beacon goes after the page's own read.
          await beacon();
        }
        await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
      }
    }
    const load: [number, number] = [loadBefore, os.loadavg()[0]!];
    const sent = beaconTimes.length;
    const drainStart = performance.now();
    let views = viewsBefore;
    while (views < viewsBefore + sent && performance.now() - drainStart < 60_000) {
      await new Promise((r) => setTimeout(r, 100));
      views = (await read(7)).figures.views;
    }

    return {
      listings: ANALYTICS_LISTINGS,
      views: countedViews,
      ...stats(samples),
      n: TIMED,
      p95By,
      reads: { query: mean(total.query), batchGet: mean(total.batchGet) },
      figures: check.figures,
      page: {
        without: stats(without),
        with: stats(withBeacon),
        beacon: stats(beaconTimes).p95,
        n: without.length,
      },
      beaconsCounted: { sent, counted: views - viewsBefore, drainMs: Math.round(performance.now() - drainStart) },
      load,
      seedSeconds,
    };
  } finally {
    await stack.dispose();
  }
}

export const SELLER_ANALYTICS_ROW_PREFIX = '| seller analytics:';

export function sellerAnalyticsRows(r: SellerAnalyticsBench): string {
  const { query, batchGet } = r.reads;
  const items = query.items + batchGet.items;
  const ms = (n: number) => n.toFixed(1);
  return [
    `${SELLER_ANALYTICS_ROW_PREFIX} \`GET /api/me/analytics?range=90\`, ${r.listings} listings and ${r.views.toLocaleString('en-US')} views in 90 days, p50 / p95 (n=${r.n}; load average ${r.load.map((l) => l.toFixed(1)).join(' → ')}) | ${ms(r.p50)} / ${ms(r.p95)} ms | p95 ≤ 100 ms |`,
    `${SELLER_ANALYTICS_ROW_PREFIX} the same for 30 and 7 days, p95 (n=100 each) | ${r.p95By.map((p) => `${ms(p.p95)} ms (${p.range})`).join(', ')} | |`,
    `${SELLER_ANALYTICS_ROW_PREFIX} DynamoDB items one 90-day read reads (the session check included) | ${items.toFixed(1)} items: ${query.items.toFixed(1)} by ${query.calls.toFixed(1)} queries (${query.rcu.toFixed(1)} RCU) + ${batchGet.items.toFixed(1)} by ${batchGet.calls.toFixed(1)} batch-gets (${batchGet.rcu.toFixed(1)} RCU) | ≤ 200 items |`,
    `${SELLER_ANALYTICS_ROW_PREFIX} item page \`GET /api/listings/{id}\`, p50 / p95 without and with view counting (n=${r.page.n} each) | ${ms(r.page.without.p50)} / ${ms(r.page.without.p95)} ms; ${ms(r.page.with.p50)} / ${ms(r.page.with.p95)} ms | p95 + ≤ 5 ms |`,
    `${SELLER_ANALYTICS_ROW_PREFIX} the view beacon \`POST /api/listings/{id}/views\`, p95; views counted of those sent, all in after the last | ${ms(r.page.beacon)} ms; ${r.beaconsCounted.counted} of ${r.beaconsCounted.sent}, ${r.beaconsCounted.drainMs} ms | all |`,
  ].join('\n');
}

export const sellerAnalyticsNotes = `Seller analytics: a fresh local stack without seed data; one seller (session opened directly) with 1,000 generated
listings and a profile whose \`followerCount\` is ${FOLLOWERS}; over the last 90 UTC days 100,000 views (from 30,000 viewer
keys, listings drawn with 1/rank popularity), 1,500 messages, 600 offers and 400 released sales, counted with the app's
own \`tallyFacts\` into day and 10-day block items and written straight to the table (with their activity entries). The
first read counts the active listings for itself (the seller's whole listing index) and asks the events consumer to
count and keep them; the reads counted and timed after use that count, and one a minute asks for a new count (a
background read of 1,000 items). Reads counted on
the app's DynamoDB client over ${COUNTED} requests (query items are ScannedCount, batch-get items the keys asked for); then
${WARM_UP} warm-up and ${TIMED} sequential timed 90-day requests through the gateway. Item page: ${PAGE_ROUNDS} rounds of
${PAGE_ROUND} sequential \`GET /api/listings/{id}\`, alternately without and with the view beacon sent (and answered) after
each page read, each beacon from a new visitor so the events consumer, in the same process, counts and writes a view
while the next pages are read; only the page reads are timed. The row gives the machine's 1-minute load average as the
timed reads began and ended: the 2 cores may be shared with other work.`;

await runAlone(
  import.meta.url,
  () => sellerAnalytics(),
  (r) => ({ prefix: SELLER_ANALYTICS_ROW_PREFIX, rows: sellerAnalyticsRows(r), notes: sellerAnalyticsNotes }),
);
