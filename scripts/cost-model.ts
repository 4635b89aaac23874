/**
 * `npm run cost`: the monthly AWS cost at 10,000 / 100,000 / 1,000,000 orders a month (docs/cost.md), from what the
 * soak bench measured per journey (docs/cost-counters.json, written by `tests/bench/soak.ts --write`) and AWS's
 * public on-demand prices for us-east-1 (PRICES below, with the date they were read). What is not measured is assumed
 * in ASSUMPTIONS, each with its reason (docs/decisions/079-soak-and-cost-model.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { queues, routeList, schedules, rateMs } from '../functions/routes';
import { CAPACITY } from '../infra/stacks/route-area-stack';

/** What one run of a journey costs (the soak's calibration: each journey alone, counted in the handlers' process). */
export interface JourneyCounters {
  runs: number;
  httpRequests: number;
  byRoute: Record<string, number>;
  httpMs: number;
  dynamo: { readItems: number; rcu: number; writeItems: number; wcu: number; calls: number };
  sqsSent: Record<string, number>;
  ledgerCalls: number;
  photoUploads: number;
}

/** docs/cost-counters.json. */
export interface CostCounters {
  measured: string;
  shape: string;
  lambdaMemoryMb: number;
  journeys: Record<string, JourneyCounters | undefined>;
  /** Runs of each journey in the soak, and the orders the soak funded. */
  soakMix: Record<string, number>;
  soakOrders: number;
  /** Mean busy time per invocation by route (ms), from the Lambda shape's worker pool; else the calibration's. */
  msPerInvocation: Record<string, number>;
  sockets: { framesReceived: number; framesSent: number; connectedMinutes: number };
}

export const PRICES_READ = '2026-11-29';

/**
 * AWS's public on-demand prices, us-east-1 (aws.amazon.com/<service>/pricing), first tier; free tiers not applied.
 * The one table every figure comes from.
 */
export const PRICES = {
  lambdaRequest: { usd: 0.2 / 1e6, unit: 'request', service: 'Lambda (arm64)' },
  lambdaGbSecond: { usd: 0.0000133334, unit: 'GB-second', service: 'Lambda (arm64)' },
  httpApiRequest: { usd: 1.0 / 1e6, unit: 'request (≤ 512 KB)', service: 'API Gateway HTTP API' },
  wsMessage: { usd: 1.0 / 1e6, unit: 'message (≤ 32 KB)', service: 'API Gateway WebSocket' },
  wsConnectionMinute: { usd: 0.25 / 1e6, unit: 'connection minute', service: 'API Gateway WebSocket' },
  dynamoRead: { usd: 0.125 / 1e6, unit: 'read request unit', service: 'DynamoDB on-demand' },
  dynamoWrite: { usd: 0.625 / 1e6, unit: 'write request unit', service: 'DynamoDB on-demand' },
  dynamoStorageGbMonth: { usd: 0.25, unit: 'GB-month', service: 'DynamoDB' },
  dynamoPitrGbMonth: { usd: 0.2, unit: 'GB-month (point-in-time recovery)', service: 'DynamoDB' },
  sqsRequest: { usd: 0.4 / 1e6, unit: 'request (64 KB chunk)', service: 'SQS standard' },
  s3Put: { usd: 0.005 / 1000, unit: 'PUT/POST/LIST request', service: 'S3 Standard' },
  s3Get: { usd: 0.0004 / 1000, unit: 'GET request', service: 'S3 Standard' },
  s3StorageGbMonth: { usd: 0.023, unit: 'GB-month', service: 'S3 Standard' },
  cloudFrontRequest: { usd: 0.01 / 10_000, unit: 'HTTPS request (US)', service: 'CloudFront' },
  cloudFrontGb: { usd: 0.085, unit: 'GB out (US, first 10 TB)', service: 'CloudFront' },
  secretMonth: { usd: 0.4, unit: 'secret-month', service: 'Secrets Manager' },
  secretsApiCall: { usd: 0.05 / 10_000, unit: 'API call', service: 'Secrets Manager' },
  logsIngestGb: { usd: 0.5, unit: 'GB ingested', service: 'CloudWatch Logs' },
  logsStorageGbMonth: { usd: 0.03, unit: 'GB-month stored', service: 'CloudWatch Logs' },
  metricMonth: { usd: 0.3, unit: 'custom metric-month', service: 'CloudWatch' },
  alarmMonth: { usd: 0.1, unit: 'standard alarm-month', service: 'CloudWatch' },
  dashboardMonth: { usd: 3.0, unit: 'dashboard-month', service: 'CloudWatch' },
  kmsKeyMonth: { usd: 1.0, unit: 'key-month', service: 'KMS' },
  kmsRequest: { usd: 0.03 / 10_000, unit: 'request', service: 'KMS' },
} as const;
export type PriceKey = keyof typeof PRICES;

/** What the soak does not measure, with why; every figure that is not a counter comes from here. */
export const ASSUMPTIONS = {
  pageViewsPerOrder: {
    value: 100,
    why: "the brief: 100 page views per order, each a browse, item page or wishlist journey in the soak's proportions",
  },
  webhooksPerOrder: {
    value: 5,
    why: 'Xaman calls back once for the escrow and once for the fee; the carrier once per scan (picked up, in transit, delivered): API requests the soak users do not send',
  },
  eventsConsumerMs: { value: 60, why: 'publishing an event (a few reads, socket posts); one message per invocation' },
  signingConsumerMs: {
    value: 2_500,
    why: 'a signing check follows a submitted transaction to a validated ledger (a close or two)',
  },
  mediaConsumerMs: { value: 800, why: 'sharp re-encodes and thumbnails one photo at 1,024 MB' },
  scheduleMs: { value: 500, why: 'each scheduled job reads its index page and usually finds little to do' },
  sqsRequestsPerMessage: { value: 3, why: 'send, receive and delete, unbatched (batching only lowers it)' },
  sqsIdlePollsPerMonth: {
    value: 3 * 5 * 3 * 60 * 24 * 30,
    why: 'Lambda polls each of 3 queues with 5 long polls of 20 s even when idle',
  },
  storedKbPerOrder: {
    value: 30,
    why: 'order, events, notifications, messages and indexes, about 30 items of 1 KB, kept a year',
  },
  retainedMonths: { value: 12, why: 'a year of orders kept in the table and its backups' },
  photoMbPerListing: { value: 1.5, why: 'a re-encoded photo and its thumbnail; listings per order as in the soak' },
  s3RequestsPerPhoto: { value: 4, why: 'the presigned POST, the re-encode read and write, the thumbnail write' },
  cloudFrontRequestsPerPageView: { value: 12, why: 'the API requests plus images and cached static files of a page' },
  cloudFrontMbPerPageView: {
    value: 0.4,
    why: 'images and JavaScript of a page, most of the app cached by the browser',
  },
  cloudFrontMissRate: { value: 0.1, why: 'image requests that reach S3 (the rest are CloudFront cache hits)' },
  socketMinutesPerPageView: {
    value: 1,
    why: 'a page keeps its socket about a minute; messages at the soak rate per minute',
  },
  secrets: {
    value: 8,
    why: 'the secrets in infra/stacks/managed-secrets.ts (signing key, fulfillment key, Xaman, carrier and the like)',
  },
  secretsCallsPerThousandInvocations: { value: 2, why: 'containers cache secrets; a new container reads a few' },
  logKbPerInvocation: { value: 1.5, why: 'the platform START/REPORT lines and a structured line or two' },
  customMetrics: { value: 40, why: 'the escrow, settlement and queue metrics the dashboard and alarms use' },
  alarms: { value: 15, why: 'the alarms of infra/stacks/alarms-stack.ts' },
  dashboards: { value: 1, why: 'one dashboard per stage' },
  kmsKeys: { value: 2, why: 'the fulfillment key and the table/bucket key' },
  kmsRequestsPerOrder: { value: 4, why: 'sealing and opening the escrow fulfillment, and data keys' },
} as const;

type Assumptions = { [K in keyof typeof ASSUMPTIONS]: { value: number; why: string } };

const VIEW_JOURNEYS = ['browse', 'itemPage', 'wishlist'];
/** Journeys once per order whatever the soak's mix: a checkout funds it, the seller ships it, the release ends it. */
const PER_ORDER = ['checkout', 'sellerShip', 'release'];
const DAYS = 30;

/** A route's Lambda memory as infra/stacks/route-area-stack.ts gives it: 512 MB unless its capacity or sharp says more. */
export function routeMemoryMb(routeName: string): number {
  const r = routeList.find((x) => x.name === routeName);
  if (!r) return 512;
  if (r.nativeModules) return 1024;
  const capacity = r.capacity ? (CAPACITY[r.capacity] as { memorySize?: number }) : undefined;
  return capacity?.memorySize ?? 512;
}

/** How many runs of each journey one order brings: 100 page views in the soak's proportions, the rest as in the soak. */
export function journeysPerOrder(c: CostCounters, a: Assumptions = ASSUMPTIONS): Record<string, number> {
  const views = VIEW_JOURNEYS.reduce((s, j) => s + (c.soakMix[j] ?? 0), 0);
  const out: Record<string, number> = {};
  for (const j of Object.keys(c.journeys)) {
    if (PER_ORDER.includes(j)) out[j] = 1;
    else if (VIEW_JOURNEYS.includes(j)) out[j] = views ? ((c.soakMix[j] ?? 0) / views) * a.pageViewsPerOrder.value : 0;
    // Sellers look at their orders more often than there are orders to ship: those looks are the inbox-like part.
    else out[j] = c.soakOrders ? (c.soakMix[j] ?? 0) / c.soakOrders : 0;
  }
  return out;
}

/**
 * One run's Lambda work: its HTTP invocations at each route's busy time and memory, and one consumer invocation per
 * queue message at the assumed durations (the media consumer with sharp at 1,024 MB).
 */
export function journeyLambda(c: CostCounters, j: JourneyCounters, a: Assumptions = ASSUMPTIONS) {
  const httpGbSeconds = Object.entries(j.byRoute).reduce((s, [route, n]) => {
    const ms = c.msPerInvocation[route] ?? (j.httpRequests ? j.httpMs / j.httpRequests : 0);
    return s + (n * ms * routeMemoryMb(route)) / 1024 / 1000;
  }, 0);
  const consumerMs: Record<string, number> = {
    events: a.eventsConsumerMs.value,
    signing: a.signingConsumerMs.value,
    media: a.mediaConsumerMs.value,
  };
  let consumerInvocations = 0;
  let consumerGbSeconds = 0;
  for (const q of queues) {
    const n = j.sqsSent[q.name] ?? 0;
    consumerInvocations += n;
    consumerGbSeconds +=
      (n * (consumerMs[q.name] ?? a.eventsConsumerMs.value) * (q.nativeModules ? 1024 : 512)) / 1024 / 1000;
  }
  return {
    invocations: j.httpRequests + consumerInvocations,
    httpGbSeconds,
    consumerInvocations,
    consumerGbSeconds,
  };
}

export interface CostLine {
  service: string;
  item: string;
  quantity: number;
  price: PriceKey;
  usd: number;
}

/** The monthly bill at `orders` orders a month, line by line. */
export function monthlyCost(c: CostCounters, orders: number, a: Assumptions = ASSUMPTIONS): CostLine[] {
  const perOrder = journeysPerOrder(c, a);
  const sum = (f: (j: JourneyCounters) => number) =>
    Object.entries(perOrder).reduce((s, [name, n]) => s + n * f(c.journeys[name]!), 0) * orders;
  const pageViews = a.pageViewsPerOrder.value * orders;

  const httpRequests = sum((j) => j.httpRequests) + a.webhooksPerOrder.value * orders;
  const httpGbSeconds = sum((j) => journeyLambda(c, j, a).httpGbSeconds);
  const consumerGbSeconds = sum((j) => journeyLambda(c, j, a).consumerGbSeconds);
  const consumerInvocations = sum((j) => journeyLambda(c, j, a).consumerInvocations);
  const messages = consumerInvocations;
  const scheduleRuns = schedules.reduce((s, x) => s + (DAYS * 86_400_000) / rateMs(x.rate), 0);
  const scheduleGbSeconds = (scheduleRuns * a.scheduleMs.value * 512) / 1024 / 1000;
  const invocations = httpRequests + consumerInvocations + scheduleRuns;

  const socketMinutes = pageViews * a.socketMinutesPerPageView.value;
  const framesPerMinute = c.sockets.connectedMinutes
    ? (c.sockets.framesReceived + c.sockets.framesSent) / c.sockets.connectedMinutes
    : 0;
  const photos = sum((j) => j.photoUploads);
  const storedGb = (orders * a.retainedMonths.value * a.storedKbPerOrder.value) / 1024 / 1024;
  const photoGb = (photos * a.retainedMonths.value * a.photoMbPerListing.value) / 1024;
  const logGb = (invocations * a.logKbPerInvocation.value) / 1024 / 1024;

  const line = (service: string, item: string, quantity: number, price: PriceKey): CostLine => ({
    service,
    item,
    quantity,
    price,
    usd: quantity * PRICES[price].usd,
  });
  return [
    line('Lambda', 'HTTP, queue and schedule invocations', invocations, 'lambdaRequest'),
    line('Lambda', 'GB-seconds (HTTP handlers, measured)', httpGbSeconds, 'lambdaGbSecond'),
    line(
      'Lambda',
      'GB-seconds (queue consumers and schedules, assumed)',
      consumerGbSeconds + scheduleGbSeconds,
      'lambdaGbSecond',
    ),
    line('API Gateway', 'HTTP API requests', httpRequests, 'httpApiRequest'),
    line('API Gateway', 'WebSocket messages', socketMinutes * framesPerMinute, 'wsMessage'),
    line('API Gateway', 'WebSocket connection minutes', socketMinutes, 'wsConnectionMinute'),
    line(
      'DynamoDB',
      'read request units',
      sum((j) => j.dynamo.rcu),
      'dynamoRead',
    ),
    line(
      'DynamoDB',
      'write request units',
      sum((j) => j.dynamo.wcu),
      'dynamoWrite',
    ),
    line('DynamoDB', 'storage (GB, a year of orders)', storedGb, 'dynamoStorageGbMonth'),
    line('DynamoDB', 'point-in-time recovery (GB)', storedGb, 'dynamoPitrGbMonth'),
    line('SQS', 'requests', messages * a.sqsRequestsPerMessage.value + a.sqsIdlePollsPerMonth.value, 'sqsRequest'),
    line('S3', 'PUT/POST requests (photos)', photos * a.s3RequestsPerPhoto.value, 's3Put'),
    line(
      'S3',
      'GET requests (CloudFront misses)',
      pageViews * a.cloudFrontRequestsPerPageView.value * a.cloudFrontMissRate.value,
      's3Get',
    ),
    line('S3', 'storage (GB, a year of photos)', photoGb, 's3StorageGbMonth'),
    line('CloudFront', 'HTTPS requests', pageViews * a.cloudFrontRequestsPerPageView.value, 'cloudFrontRequest'),
    line('CloudFront', 'data out (GB)', (pageViews * a.cloudFrontMbPerPageView.value) / 1024, 'cloudFrontGb'),
    line('Secrets Manager', 'secrets', a.secrets.value, 'secretMonth'),
    line(
      'Secrets Manager',
      'API calls',
      (invocations / 1000) * a.secretsCallsPerThousandInvocations.value,
      'secretsApiCall',
    ),
    line('CloudWatch', 'logs ingested (GB)', logGb, 'logsIngestGb'),
    line('CloudWatch', 'logs stored (GB, 30 days)', logGb, 'logsStorageGbMonth'),
    line('CloudWatch', 'custom metrics', a.customMetrics.value, 'metricMonth'),
    line('CloudWatch', 'alarms', a.alarms.value, 'alarmMonth'),
    line('CloudWatch', 'dashboards', a.dashboards.value, 'dashboardMonth'),
    line('KMS', 'keys', a.kmsKeys.value, 'kmsKeyMonth'),
    line('KMS', 'requests', orders * a.kmsRequestsPerOrder.value, 'kmsRequest'),
  ];
}

export const VOLUMES = [10_000, 100_000, 1_000_000] as const;

const usd = (x: number) =>
  x >= 100 ? `$${Math.round(x).toLocaleString('en-US')}` : x >= 1 ? `$${x.toFixed(2)}` : `$${x.toFixed(3)}`;
const qty = (x: number) => (x >= 1000 ? Math.round(x).toLocaleString('en-US') : x.toFixed(x >= 10 ? 0 : 2));
const priceText = (p: (typeof PRICES)[PriceKey]) =>
  p.usd < 0.001 ? `$${(p.usd * 1e6).toFixed(4).replace(/0+$/, '').replace(/\.$/, '')} per million` : `$${p.usd}`;

export function costDoc(c: CostCounters, a: Assumptions = ASSUMPTIONS): string {
  const bills = VOLUMES.map((v) => monthlyCost(c, v, a));
  const services = [...new Set(bills[0]!.map((l) => l.service))];
  const total = (b: CostLine[]) => b.reduce((s, l) => s + l.usd, 0);
  const perOrder = journeysPerOrder(c, a);
  const journeyRows = Object.entries(c.journeys).map(([name, j]) => {
    const d = j!.dynamo;
    const sqs = Object.values(j!.sqsSent).reduce((s, n) => s + n, 0);
    const l = journeyLambda(c, j!, a);
    return `| ${name} | ${perOrder[name]!.toFixed(2)} | ${j!.httpRequests.toFixed(1)} | ${d.readItems.toFixed(1)} / ${d.rcu.toFixed(1)} | ${d.writeItems.toFixed(1)} / ${d.wcu.toFixed(1)} | ${sqs.toFixed(1)} | ${l.invocations.toFixed(1)} / ${(l.httpGbSeconds + l.consumerGbSeconds).toFixed(3)} | ${j!.ledgerCalls.toFixed(1)} |`;
  });
  return `# Monthly AWS cost

Written by \`npm run cost\` (scripts/cost-model.ts) from docs/cost-counters.json (measured by the soak bench on
${c.measured}: ${c.shape}) and AWS's public on-demand prices for us-east-1 as of ${PRICES_READ} (this machine has no internet: Lambda's and DynamoDB's were checked against
stored copies of their pricing pages, the rest are the published figures as last known; recheck before quoting). Free tiers, savings plans
and taxes are not counted; 100 page views per order. Decision: docs/decisions/079-soak-and-cost-model.md.

| service | ${VOLUMES.map((v) => `${v.toLocaleString('en-US')} orders`).join(' | ')} |
| --- | ${VOLUMES.map(() => '---').join(' | ')} |
${services.map((s) => `| ${s} | ${bills.map((b) => usd(b.filter((l) => l.service === s).reduce((x, l) => x + l.usd, 0))).join(' | ')} |`).join('\n')}
| **total a month** | ${bills.map((b) => `**${usd(total(b))}**`).join(' | ')} |
| per order | ${bills.map((b, i) => usd(total(b) / VOLUMES[i]!)).join(' | ')} |

## Line by line

| service | item | unit price | ${VOLUMES.map((v) => `quantity at ${v.toLocaleString('en-US')}`).join(' | ')} | cost at ${VOLUMES.at(-1)!.toLocaleString('en-US')} |
| --- | --- | --- | ${VOLUMES.map(() => '---').join(' | ')} | --- |
${bills[0]!
  .map(
    (l, i) =>
      `| ${l.service} | ${l.item} | ${priceText(PRICES[l.price])} a ${PRICES[l.price].unit} | ${bills.map((b) => qty(b[i]!.quantity)).join(' | ')} | ${usd(bills.at(-1)![i]!.usd)} |`,
  )
  .join('\n')}

## What one journey costs (measured)

Each journey run alone a few times in the one-process shape, its queue work drained, counted on the handlers' clients
(tests/bench/soak.ts \`--calibrate\`). Runs per order: 100 page views split as the soak's users split them, one checkout,
one shipment and one release per order, the rest in the soak's proportion to its funded orders. Items read count what
queries examine; request units are DynamoDB Local's consumed capacity.

| journey | runs per order | HTTP requests | DynamoDB items read / RRU | items written / WRU | queue messages | Lambda invocations / GB-s | ledger requests |
| --- | --- | --- | --- | --- | --- | --- | --- |
${journeyRows.join('\n')}

Lambda duration of the HTTP handlers: the mean busy time per invocation of each route (${c.shape.startsWith('Lambda') ? "the soak's worker pool" : "the calibration's answer times"}), at its function's memory (512 MB; 1,024 MB for bids and sharp, as infra/stacks gives them).
Sockets in the soak: ${qty(c.sockets.framesReceived + c.sockets.framesSent)} frames over ${qty(c.sockets.connectedMinutes)} connection minutes.

## Assumed

${Object.entries(a)
  .map(([name, x]) => `- ${name} = ${x.value.toLocaleString('en-US')}: ${x.why}.`)
  .join('\n')}
- Ledger requests go to the XRPL network (public or own nodes), not AWS: counted above, not billed.
- Cold starts (init duration) and retries are not in the Lambda duration.
`;
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '..');
  const counters = JSON.parse(fs.readFileSync(path.join(root, 'docs/cost-counters.json'), 'utf8')) as CostCounters;
  const file = path.join(root, 'docs/cost.md');
  const options = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(file, await prettier.format(costDoc(counters), { ...options, filepath: file }));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
