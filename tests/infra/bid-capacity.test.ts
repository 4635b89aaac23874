import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeList, routes } from '../../functions/routes';
import { buildApp, type MarketplaceApp } from '../../infra/app';
import { CAPACITY, DEFAULT_THROTTLE } from '../../infra/stacks/api-stack';
import { allStacks, resourceOf, templateOf } from './stack-templates';

// Template JSON is untyped; each assertion states the shape it expects.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
type Resources = Record<string, { Properties?: Record<string, Json> }>;

/** The hot auction's target: bids a second on one auction, and how long a placed bid may take in AWS (decision 031). */
const HOT_AUCTION_PER_SECOND = 300;
const PLACED_BID_SECONDS = 0.15;
/** AWS's default Lambda concurrency per account and region, and what it must leave unreserved. */
const ACCOUNT_CONCURRENCY = 1_000;
const UNRESERVED_MINIMUM = 100;

let built: MarketplaceApp;
let api: Template;

beforeAll(() => {
  // Templates only: skip esbuild bundling (deployment.test.ts bundles and synthesizes the whole app).
  built = buildApp({ stage: 'test', region: 'us-east-1', context: { 'aws:cdk:bundling-stacks': [] } });
  api = Template.fromStack(built.api);
}, 120_000);

const routeSettings = () =>
  Object.values(api.findResources('AWS::ApiGatewayV2::Stage') as Resources)[0]!.Properties!.RouteSettings as Record<
    string,
    { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }
  >;
const fnOf = (name: string) => resourceOf(built.api.functions[name]!.fn).Properties!;
const keyOf = (r: (typeof routeList)[number]) => `${r.contract.method} ${r.contract.path}`;

describe('bid capacity in AWS', () => {
  it("throttles bid POSTs at a hot auction's rate and more, with bursts above it", () => {
    const bids = routeSettings()[keyOf(routes.placeBid)]!;
    expect(bids).toEqual({
      ThrottlingRateLimit: CAPACITY.bids.rateLimit,
      ThrottlingBurstLimit: CAPACITY.bids.burstLimit,
    });
    expect(bids.ThrottlingRateLimit).toBeGreaterThanOrEqual(HOT_AUCTION_PER_SECOND);
    expect(bids.ThrottlingRateLimit).toBeGreaterThan(DEFAULT_THROTTLE.rateLimit);
    expect(bids.ThrottlingBurstLimit).toBeGreaterThanOrEqual(2 * bids.ThrottlingRateLimit);
  });

  it('reserves the functions a hot auction keeps busy at once (rate × a placed bid), with more memory', () => {
    const fn = fnOf('placeBid');
    expect(fn.ReservedConcurrentExecutions).toBe(CAPACITY.bids.reservedConcurrency);
    expect(fn.ReservedConcurrentExecutions).toBeGreaterThanOrEqual(CAPACITY.bids.rateLimit * PLACED_BID_SECONDS);
    expect(fn.MemorySize).toBe(CAPACITY.bids.memorySize);
  });

  it('keeps the other money routes on their tighter throttle and their own reserved concurrency', () => {
    const money = routeList.filter((r) => r.capacity === 'money');
    expect(money.length).toBeGreaterThan(0);
    expect(money.map((r) => r.name)).not.toContain('placeBid');
    for (const r of money) {
      expect(routeSettings()[keyOf(r)], r.name).toEqual({
        ThrottlingRateLimit: CAPACITY.money.rateLimit,
        ThrottlingBurstLimit: CAPACITY.money.burstLimit,
      });
      expect(fnOf(r.name).ReservedConcurrentExecutions, r.name).toBe(CAPACITY.money.reservedConcurrency);
    }
  });

  it("leaves AWS's unreserved minimum of a default account's concurrency, all stacks together", () => {
    // Every stack and nested stack (the API's functions are in its route areas', decision 038).
    const reserved = allStacks(built.app)
      .flatMap((s) => Object.values(templateOf(s).findResources('AWS::Lambda::Function') as Resources))
      .reduce((sum, f) => sum + ((f.Properties!.ReservedConcurrentExecutions as number | undefined) ?? 0), 0);
    expect(reserved).toBeGreaterThan(CAPACITY.bids.reservedConcurrency);
    expect(ACCOUNT_CONCURRENCY - reserved).toBeGreaterThanOrEqual(UNRESERVED_MINIMUM);
  });
});
