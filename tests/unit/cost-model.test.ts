import { describe, expect, it } from 'vitest';
import { schedules, rateMs } from '../../functions/routes';
import {
  ASSUMPTIONS,
  costDoc,
  journeysPerOrder,
  monthlyCost,
  PRICES,
  routeMemoryMb,
  type CostCounters,
  type JourneyCounters,
} from '../../scripts/cost-model';

const journey = (over: Partial<JourneyCounters>): JourneyCounters => ({
  runs: 5,
  httpRequests: 0,
  byRoute: {},
  httpMs: 0,
  dynamo: { readItems: 0, rcu: 0, writeItems: 0, wcu: 0, calls: 0 },
  sqsSent: {},
  ledgerCalls: 0,
  photoUploads: 0,
  ...over,
});

/** One page-view journey (browse) and one checkout per order; nothing else. */
const counters: CostCounters = {
  measured: '2026-11-29',
  shape: 'one process',
  lambdaMemoryMb: 1024,
  journeys: {
    browse: journey({
      httpRequests: 1,
      byRoute: { listListings: 1 },
      dynamo: { readItems: 8, rcu: 2, writeItems: 0, wcu: 0, calls: 1 },
    }),
    checkout: journey({
      httpRequests: 2,
      byRoute: { checkout: 1, placeBid: 1 },
      dynamo: { readItems: 4, rcu: 4, writeItems: 3, wcu: 10, calls: 5 },
      sqsSent: { events: 2 },
    }),
  },
  soakMix: { browse: 700, checkout: 7 },
  soakOrders: 7,
  msPerInvocation: { listListings: 20, checkout: 100, placeBid: 50 },
  sockets: { framesReceived: 90, framesSent: 10, connectedMinutes: 50 },
};

const item = (orders: number, name: string) => monthlyCost(counters, orders).find((l) => l.item === name)!;

describe('cost model', () => {
  it('runs 100 page views and one checkout per order', () => {
    expect(journeysPerOrder(counters)).toEqual({ browse: 100, checkout: 1 });
  });

  it('prices DynamoDB request units from the journeys', () => {
    // 100 browses x 2 RRU + 4 RRU of the checkout = 204 RRU an order.
    expect(item(10_000, 'read request units').quantity).toBe(2_040_000);
    expect(item(10_000, 'read request units').usd).toBeCloseTo(2.04 * 0.125, 10);
    expect(item(10_000, 'write request units').usd).toBeCloseTo(0.1 * 0.625, 10);
  });

  it('prices Lambda GB-seconds at each function memory', () => {
    expect(routeMemoryMb('listListings')).toBe(512);
    expect(routeMemoryMb('placeBid')).toBe(1024);
    // Per order: 100 x 20 ms x 0.5 GB + 100 ms x 0.5 GB + 50 ms x 1 GB = 1.1 GB-s.
    const gbs = item(1_000, 'GB-seconds (HTTP handlers, measured)');
    expect(gbs.quantity).toBeCloseTo(1_100, 6);
    expect(gbs.usd).toBeCloseTo(1_100 * PRICES.lambdaGbSecond.usd, 10);
  });

  it('counts requests, webhooks, queue messages and schedule runs as invocations', () => {
    const scheduleRuns = schedules.reduce((s, x) => s + (30 * 86_400_000) / rateMs(x.rate), 0);
    const perOrder = 100 + 2 + ASSUMPTIONS.webhooksPerOrder.value + 2;
    expect(item(10_000, 'HTTP, queue and schedule invocations').quantity).toBe(perOrder * 10_000 + scheduleRuns);
    expect(item(10_000, 'HTTP API requests').quantity).toBe((102 + ASSUMPTIONS.webhooksPerOrder.value) * 10_000);
    // Two frames a connection minute, a minute a page view.
    expect(item(10_000, 'WebSocket messages').quantity).toBe(2 * 100 * 10_000);
  });

  it('writes a table with the three volumes and their totals', () => {
    const doc = costDoc(counters);
    expect(doc).toContain('| service | 10,000 orders | 100,000 orders | 1,000,000 orders |');
    const totals = [10_000, 100_000, 1_000_000].map((v) => monthlyCost(counters, v).reduce((s, l) => s + l.usd, 0));
    expect(totals[1]).toBeGreaterThan(totals[0]!);
    expect(doc).toContain(`**$${Math.round(totals[2]!).toLocaleString('en-US')}**`);
  });
});
