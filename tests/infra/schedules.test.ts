import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { rateMs, schedules, type ScheduleDef } from '../../functions/routes';
import { buildApp, type MarketplaceApp } from '../../infra/app';
import { pascal } from '../../infra/stacks/names';

// The real schedules plus a daily one, so the retry window's clamp to 6 hours is exercised too.
const defs: readonly ScheduleDef[] = [
  ...schedules,
  { name: 'daily-probe', handler: 'jobs/notify-ending-auctions', rate: 'rate(1 day)' },
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

  it('passes cdk-nag (AwsSolutions) in the workers stack', () => {
    const findings = Annotations.fromStack(built.workers).findError('*', Match.stringLikeRegexp('AwsSolutions-.*'));
    expect(findings.map((f) => f.entry.data)).toEqual([]);
  });
});
