import type { CfnElement } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { rateMs, schedules, type ScheduleDef } from '../../functions/routes';
import { buildApp, type MarketplaceApp } from '../../infra/app';
import { pascal } from '../../infra/stacks/names';
import { JOB_TIMEOUTS } from '../../infra/stacks/workers-stack';

// Template JSON is untyped; each assertion states the shape it expects.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

// The real schedules plus a daily one, so the retry window's clamp to 6 hours is exercised too, and one with every
// flag, so each is honoured whatever the real schedules set.
const everyFlag: ScheduleDef = {
  name: 'every-flag-probe',
  handler: 'jobs/settle-escrows',
  rate: 'rate(5 minutes)',
  usesSigner: true,
  usesCarrier: true,
  submitsToLedger: true,
  opensFulfillments: true,
};
const defs: readonly ScheduleDef[] = [
  ...schedules,
  { name: 'daily-probe', handler: 'jobs/auction-ending-notices', rate: 'rate(1 day)' },
  everyFlag,
];

let built: MarketplaceApp;
let workers: Template;

beforeAll(() => {
  // Templates only: skip esbuild bundling (deployment.test.ts bundles and synthesizes the whole app).
  built = buildApp({ stage: 'test', region: 'us-east-1', schedules: defs, context: { 'aws:cdk:bundling-stacks': [] } });
  workers = Template.fromStack(built.workers);
}, 120_000);

const dlqArn = () => {
  const [id] = Object.keys(workers.findResources('AWS::SQS::Queue'));
  return { 'Fn::GetAtt': [id, 'Arn'] };
};

describe('EventBridge Scheduler schedules from the route table', () => {
  it('makes one schedule per def at its rate, invoking its job with retries and a dead-letter queue', () => {
    workers.resourceCountIs('AWS::Scheduler::Schedule', defs.length);
    workers.resourceCountIs('AWS::SQS::Queue', 1);
    for (const def of defs) {
      const maxAge = Math.min(Math.max(rateMs(def.rate) / 1000, 60), 21_600);
      workers.hasResourceProperties('AWS::Scheduler::Schedule', {
        ScheduleExpression: def.rate,
        State: 'ENABLED',
        Target: {
          Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp(`^${pascal(def.name)}Job`), 'Arn'] },
          RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: maxAge },
          DeadLetterConfig: { Arn: dlqArn() },
        },
      });
    }
  });

  it("sends a job's own failures to the same queue after Lambda's asynchronous retries", () => {
    workers.resourceCountIs('AWS::Lambda::EventInvokeConfig', defs.length);
    workers.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      MaximumRetryAttempts: 2,
      MaximumEventAgeInSeconds: 21_600,
      DestinationConfig: { OnFailure: { Destination: dlqArn() } },
    });
  });

  it('keeps the dead-letter queue encrypted, TLS-only and for 14 days', () => {
    workers.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true, MessageRetentionPeriod: 1_209_600 });
    workers.hasResourceProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  const functionOf = (def: ScheduleDef) =>
    (workers.findResources('AWS::Lambda::Function') as Record<string, Json>)[
      built.workers.getLogicalId(built.workers.jobs[def.name]!.fn.node.defaultChild as CfnElement)
    ];
  const statementsOf = (def: ScheduleDef) => {
    const roleId = built.workers.getLogicalId(built.workers.jobs[def.name]!.fn.role!.node.defaultChild as CfnElement);
    return Object.values(workers.findResources('AWS::IAM::Policy') as Record<string, Json>)
      .filter((p) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
      .flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: Json }[]);
  };
  /** Secrets (by construct id in the data stack) and KMS actions a job's role is granted. */
  const grantsOf = (def: ScheduleDef) => {
    const statements = statementsOf(def);
    const secrets = statements
      .filter((st) => [st.Action].flat().includes('secretsmanager:GetSecretValue'))
      .map((st) => JSON.stringify(st.Resource))
      .map(
        (resource) =>
          ['XamanApiSecret', 'CarrierApiSecret', 'CarrierWebhookSecret', 'PlatformWalletSeed'].find((id) =>
            resource.includes(id),
          ) ?? (resource.includes('/api-keys/*') ? 'SavedApiKeys' : resource),
      );
    const kms = statements.flatMap((st) => [st.Action].flat()).filter((a) => a.startsWith('kms:'));
    return { secrets: secrets.sort(), kms };
  };

  it('honours every flag of a schedule def: signer, carrier, fulfillments and the platform seed', () => {
    expect(grantsOf(everyFlag)).toEqual({
      secrets: ['CarrierApiSecret', 'PlatformWalletSeed', 'SavedApiKeys', 'XamanApiSecret'],
      kms: ['kms:Decrypt'],
    });
    expect(Object.keys(functionOf(everyFlag).Properties.Environment.Variables)).toEqual(
      expect.arrayContaining([
        'CARRIER_API_URL',
        'CARRIER_API_SECRET_ARN',
        'FULFILLMENT_KEY_ARN',
        'PLATFORM_WALLET_SEED_ARN',
      ]),
    );
    for (const def of defs) {
      const { secrets, kms } = grantsOf(def);
      const env = functionOf(def).Properties.Environment.Variables as Record<string, Json>;
      expect(secrets.includes('XamanApiSecret'), def.name).toBe(def.usesSigner === true);
      expect(secrets.includes('CarrierApiSecret'), def.name).toBe(def.usesCarrier === true);
      expect(env.CARRIER_API_SECRET_ARN !== undefined, def.name).toBe(def.usesCarrier === true);
      expect(secrets.includes('PlatformWalletSeed'), def.name).toBe(def.opensFulfillments === true);
      expect(env.PLATFORM_WALLET_SEED_ARN !== undefined, def.name).toBe(def.opensFulfillments === true);
      expect(kms, def.name).toEqual(def.opensFulfillments ? ['kms:Decrypt'] : []);
      expect(env.FULFILLMENT_KEY_ARN !== undefined, def.name).toBe(def.opensFulfillments === true);
      // Keys an administrator saved replace the deployment's Xaman and FedEx keys (decision 071).
      expect(secrets.includes('SavedApiKeys'), def.name).toBe(def.usesSigner === true || def.usesCarrier === true);
      // No job checks FedEx's webhook signatures.
      expect(secrets.includes('CarrierWebhookSecret'), def.name).toBe(false);
    }
  });

  it('gives jobs the time their work takes: minutes for ledger work, 5 or more for the delivery run', () => {
    const timeout = (def: ScheduleDef) => functionOf(def).Properties.Timeout as number;
    const names = defs.map((d) => d.name);
    for (const name of Object.keys(JOB_TIMEOUTS)) expect(names, `JOB_TIMEOUTS.${name}`).toContain(name);
    for (const def of defs) {
      // Lambda's ceiling is 15 minutes; a job that follows transactions to validated ledgers gets at least 3.
      expect(timeout(def), def.name).toBeLessThanOrEqual(900);
      if (def.submitsToLedger) expect(timeout(def), def.name).toBeGreaterThanOrEqual(180);
    }
    const byName = (name: string) => defs.find((d) => d.name === name)!;
    // Up to 10,000 parcels in about 5 minutes, then releases; under the 15-minute rate so runs don't overlap.
    const deliveries = byName('check-deliveries');
    expect(timeout(deliveries)).toBeGreaterThanOrEqual(300);
    expect(timeout(deliveries)).toBeLessThan(rateMs(deliveries.rate) / 1000);
    expect(timeout(byName('settle-escrows'))).toBeGreaterThanOrEqual(120);
    expect(timeout(byName('reconcile-orders'))).toBeGreaterThanOrEqual(120);
    expect(timeout(byName('daily-probe'))).toBe(60);
  });

  it('runs the auction and offer schedules (decisions 029, 033): close every minute, ending notices, lapses and offer expiry every 5, table and events only', () => {
    const byName = (name: string) => defs.find((d) => d.name === name)!;
    const auctionJobs = {
      'close-auctions': ['jobs/close-auctions', 'rate(1 minute)'],
      'auction-ending-notices': ['jobs/auction-ending-notices', 'rate(5 minutes)'],
      'lapse-unpaid-orders': ['jobs/lapse-unpaid-orders', 'rate(5 minutes)'],
      'expire-offers': ['jobs/expire-offers', 'rate(5 minutes)'],
    } as const;
    for (const [name, [handler, rate]] of Object.entries(auctionJobs)) {
      const def = byName(name);
      expect(def, name).toMatchObject({ handler, rate });
      workers.hasResourceProperties('AWS::Scheduler::Schedule', {
        ScheduleExpression: rate,
        Target: { Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp(`^${pascal(name)}Job`), 'Arn'] } },
      });
      // The table (closes and orders are transactions of puts and updates) and the events queue (notifications,
      // socket pushes): no secret, no key, no ledger.
      expect(grantsOf(def), name).toEqual({ secrets: [], kms: [] });
      const actions = statementsOf(def).flatMap((st) => [st.Action].flat());
      expect(actions, name).toEqual(
        expect.arrayContaining(['dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'sqs:SendMessage']),
      );
      const env = functionOf(def).Properties.Environment.Variables as Record<string, Json>;
      expect(env.QUEUE_EVENTS_URL, name).toBeDefined();
      expect(env.FULFILLMENT_KEY_ARN, name).toBeUndefined();
    }
  });

  it('passes cdk-nag (AwsSolutions) in the workers stack', () => {
    const findings = Annotations.fromStack(built.workers).findError('*', Match.stringLikeRegexp('AwsSolutions-.*'));
    expect(findings.map((f) => f.entry.data)).toEqual([]);
  });
});
