import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Stack } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queues, routeList, schedules } from '../../functions/routes';
import { buildApp, type MarketplaceApp } from '../../infra/app';
import {
  SETTLEMENT_FAILURE_PERIODS,
  SETTLEMENT_WAIT_MINUTES,
  SIGNING_QUEUE_MAX_AGE_SECONDS,
} from '../../infra/stacks/alarms-stack';
import { MAX_METRICS_PER_GRAPH } from '../../infra/stacks/dashboard';
import { routesByArea } from '../../infra/stacks/route-area-stack';
import { allStacks, environmentOf, logicalIdOf, resourceOf, templateOf, type Resource } from './stack-templates';

// Template JSON is untyped; each assertion states the shape it expects.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/**
 * The operations side of one stage (decision 076), from one synthesis without bundling (templates only): the
 * dashboard, the alarms, IAM resources, TLS, the media bucket's versions, log retention, and the table a restore
 * drill switches the stage to. Outside us-east-1, so the cross-region pieces are there too.
 */
const STAGE = 'ops';
const RESTORED = 'Marketplace-ops-Table-restored';
let built: MarketplaceApp;
let stacks: Stack[];
let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'infra-ops-'));
  const siteDir = path.join(scratch, 'site');
  mkdirSync(siteDir);
  writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><title>Marketplace</title>');
  built = buildApp({
    stage: STAGE,
    region: 'eu-west-1',
    siteDir,
    outdir: path.join(scratch, 'cdk.out'),
    nag: false,
    context: {
      'aws:cdk:bundling-stacks': [],
      tableName: RESTORED,
      siteDomain: 'shop.example.com',
      siteCertificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/00000000-0000-4000-8000-000000000000',
    },
  });
  stacks = allStacks(built.app);
}, 120_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const resourcesOf = (type: string): [Stack, string, Resource][] =>
  stacks.flatMap((stack) =>
    Object.entries(templateOf(stack).findResources(type) as Record<string, Resource>)
      // A nested stack's resources are in its own template, not its parent's.
      .filter(([id]) => templateOf(stack).toJSON().Resources[id])
      .map(([id, r]): [Stack, string, Resource] => [stack, id, r]),
  );

/** The dashboard body with every reference replaced by a placeholder naming it, parsed. */
function dashboardBody(): { widgets: Json[] } {
  const body = resourceOf(built.alarms.dashboard).Properties!.DashboardBody as Json;
  const parts: Json[] = typeof body === 'string' ? [body] : body['Fn::Join'][1];
  const text = parts.map((p) => (typeof p === 'string' ? p : `REF:${JSON.stringify(p).replace(/"/g, "'")}`)).join('');
  return JSON.parse(text) as { widgets: Json[] };
}

const graphs = () => dashboardBody().widgets.filter((w) => w.type === 'metric');
const byTitle = (title: string) => {
  const found = dashboardBody().widgets.find((w) => w.properties.title === title);
  if (!found) throw new Error(`No widget titled ${title}`);
  return found;
};
/** A graph's metric rows: [namespace, name, ...dimension pairs, options]. */
const rowsOf = (widget: Json): Json[][] => widget.properties.metrics as Json[][];
const namesIn = (widget: Json) => rowsOf(widget).map((row) => row.filter((x) => typeof x === 'string')[1]);

/** The alarm of docs/operations.md with this construct id, as synthesized. */
const alarm = (id: string) => {
  const found = built.alarms.operations[id];
  if (!found) throw new Error(`No alarm ${id}`);
  return resourceOf(found).Properties!;
};
const topicRef = () => ({ Ref: logicalIdOf(built.alarms.topic) });

describe('stage dashboard', () => {
  it('is one dashboard named after the stage, no graph over CloudWatch’s metrics per graph', () => {
    expect(resourcesOf('AWS::CloudWatch::Dashboard')).toHaveLength(1);
    expect(resourceOf(built.alarms.dashboard).Properties!.DashboardName).toBe(`Marketplace-${STAGE}`);
    for (const g of graphs()) expect(rowsOf(g).length).toBeLessThanOrEqual(MAX_METRICS_PER_GRAPH);
  });

  it("shows every route's p95 duration, errors and throttles, one graph per route area", () => {
    const areas = [...routesByArea(routeList).keys()];
    const routeGraphs = graphs().filter((g) => String(g.properties.title).startsWith('Routes: '));
    expect(routeGraphs.map((g) => g.properties.title)).toEqual(
      areas.map((a) => `Routes: ${a} (p95 ms; errors, throttles)`),
    );
    const rows = routeGraphs.flatMap(rowsOf);
    const count = (name: string) => rows.filter((r) => r[1] === name).length;
    expect([count('Duration'), count('Errors'), count('Throttles')]).toEqual([
      routeList.length,
      routeList.length,
      routeList.length,
    ]);
    expect(rows.filter((r) => r[1] === 'Duration').every((r) => r.at(-1).stat === 'p95')).toBe(true);
  });

  it("tables each route key's latency and 5xx from the HTTP API's access log", () => {
    for (const title of ['Latency per route (access log)', 'Errors per route (access log)']) {
      const w = byTitle(title);
      expect(w.type).toBe('log');
      expect(w.properties.query).toMatch(new RegExp(`SOURCE 'REF:.*${logicalIdOf(built.api.accessLogs)}`));
      expect(w.properties.query).toContain('by routeKey');
    }
    expect(byTitle('Errors per route (access log)').properties.query).toContain('filter status like /^5/');
  });

  it('shows Lambda concurrency and throttles, every consumer, job and socket function', () => {
    expect(namesIn(byTitle('Lambda concurrency (account and region)'))).toEqual([
      'ConcurrentExecutions',
      'UnreservedConcurrentExecutions',
      'Throttles',
    ]);
    expect(rowsOf(byTitle('Scheduled jobs (p95 ms; errors, throttles)'))).toHaveLength(3 * schedules.length);
    expect(rowsOf(byTitle('Queue consumers (p95 ms; errors, throttles)'))).toHaveLength(3 * queues.length);
    const reserved = routeList.filter((r) => r.capacity);
    expect(rowsOf(byTitle('Concurrency of the routes with reserved capacity'))).toHaveLength(reserved.length);
  });

  it('shows every queue’s depth and oldest message and every dead-letter queue', () => {
    expect(namesIn(byTitle('Queue depth (visible messages)'))).toEqual(
      queues.map(() => 'ApproximateNumberOfMessagesVisible'),
    );
    expect(namesIn(byTitle('Oldest message age (seconds)'))).toEqual(queues.map(() => 'ApproximateAgeOfOldestMessage'));
    // Each queue's and the schedules'.
    expect(rowsOf(byTitle('Dead-letter queues (messages)'))).toHaveLength(queues.length + 1);
  });

  it("shows the jobs' escrow figures in one namespace with the job and the stage as dimensions", () => {
    const rows = [
      ...rowsOf(byTitle('Escrows by state')),
      ...rowsOf(byTitle('Stuck escrows, settlement failures, reconcile drift')),
      ...rowsOf(byTitle('Longest waits in releasing and refunding (minutes)')),
    ];
    const named = rows.map((r) => [r[1], r[3], r[5]]);
    expect(named).toEqual([
      ['EscrowsPending', 'jobs/measure-escrows', STAGE],
      ['EscrowsHeld', 'jobs/measure-escrows', STAGE],
      ['EscrowsCompleted', 'jobs/measure-escrows', STAGE],
      ['EscrowsCancelled', 'jobs/measure-escrows', STAGE],
      ['EscrowsStuck', 'jobs/measure-escrows', STAGE],
      ['SettlementFailures', 'jobs/settle-escrows', STAGE],
      ['OrderDrift', 'jobs/reconcile-orders', STAGE],
      ['OldestReleasingMinutes', 'jobs/measure-escrows', STAGE],
      ['OldestRefundingOverdueMinutes', 'jobs/measure-escrows', STAGE],
    ]);
    for (const r of rows) expect([r[0], r[2], r[4]]).toEqual(['Marketplace', 'service', 'stage']);
  });

  it("shows the WAF's blocks per rule from us-east-1, where the CloudFront web ACL's metrics are", () => {
    const w = byTitle('WAF blocked requests (us-east-1)');
    const rules = Object.values(built.edge.metricNames.rules);
    expect(rowsOf(w).map((r) => [r[0], r[1], r[2], r[3], r[4], r[5], r.at(-1).region])).toEqual(
      ['ALL', ...rules].map((rule) => [
        'AWS/WAFV2',
        'BlockedRequests',
        'Rule',
        rule,
        'WebACL',
        built.edge.metricNames.webAcl,
        'us-east-1',
      ]),
    );
  });

  it('lists the operations alarms at the top', () => {
    const status = dashboardBody().widgets.find((w) => w.type === 'alarm');
    expect(status.properties.alarms).toHaveLength(Object.keys(built.alarms.operations).length);
  });
});

describe('operations alarms', () => {
  const escrowDims = (job: string) => [
    { Name: 'service', Value: `jobs/${job}` },
    { Name: 'stage', Value: STAGE },
  ];

  it('every alarm notifies the topic when it fires and when it clears, missing data not breaching', () => {
    for (const created of built.alarms.alarms) {
      const p = resourceOf(created).Properties!;
      expect(p.AlarmActions).toEqual([topicRef()]);
      expect(p.OKActions).toEqual([topicRef()]);
      expect(p.TreatMissingData).toBe('notBreaching');
    }
  });

  it('stuck escrows above 0 (the highest count over 5 minutes)', () => {
    expect(alarm('EscrowsStuck')).toMatchObject({
      Namespace: 'Marketplace',
      MetricName: 'EscrowsStuck',
      Dimensions: escrowDims('measure-escrows'),
      Statistic: 'Maximum',
      Period: 300,
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 1,
    });
  });

  it('settlement failures in every 5 minutes for a quarter of an hour', () => {
    expect(alarm('SettlementFailures')).toMatchObject({
      MetricName: 'SettlementFailures',
      Dimensions: escrowDims('settle-escrows'),
      Statistic: 'Sum',
      Period: 300,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: SETTLEMENT_FAILURE_PERIODS,
      DatapointsToAlarm: SETTLEMENT_FAILURE_PERIODS,
    });
  });

  it('reconcile drift above 0, over two of its 15-minute runs', () => {
    expect(alarm('ReconcileDrift')).toMatchObject({
      MetricName: 'OrderDrift',
      Dimensions: escrowDims('reconcile-orders'),
      Statistic: 'Maximum',
      Period: 1800,
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
    });
  });

  it('an order waiting in releasing, or in refunding past CancelAfter, over 30 minutes', () => {
    const p = alarm('SettlementWaiting');
    expect(SETTLEMENT_WAIT_MINUTES).toBe(30);
    expect(p).toMatchObject({ Threshold: 30, ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: 1 });
    const [expression, ...inputs] = p.Metrics as Json[];
    expect(expression.Expression).toBe('MAX([releasing, refunding])');
    expect(inputs.map((m: Json) => [m.Id, m.MetricStat.Metric.MetricName, m.MetricStat.Period, m.ReturnData])).toEqual([
      ['releasing', 'OldestReleasingMinutes', 300, false],
      ['refunding', 'OldestRefundingOverdueMinutes', 300, false],
    ]);
  });

  it("the signing queue's oldest message over 2 minutes", () => {
    const signing = built.data.queues.find((q) => q.def.name === 'signing')!;
    expect(SIGNING_QUEUE_MAX_AGE_SECONDS).toBe(120);
    expect(alarm('SigningQueueOldestMessage')).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateAgeOfOldestMessage',
      Statistic: 'Maximum',
      Period: 60,
      Threshold: 120,
      ComparisonOperator: 'GreaterThanThreshold',
    });
    const [dimension] = alarm('SigningQueueOldestMessage').Dimensions as Json[];
    expect(dimension.Name).toBe('QueueName');
    expect(JSON.stringify(dimension.Value)).toContain(logicalIdOf(signing.queue));
  });

  it('any message in a dead-letter queue (every queue and the schedules)', () => {
    for (const name of [...queues.map((q) => q.name), 'schedules']) {
      const id = `${name[0]!.toUpperCase()}${name.slice(1)}DeadLetters`;
      expect(alarm(id)).toMatchObject({
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Statistic: 'Maximum',
        Period: 60,
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
    }
  });
});

describe('infra hardening', () => {
  /**
   * The `*` resources AWS leaves no choice about, by action: CloudFront invalidations (CDK's site upload) have no
   * resource-level permissions; X-Ray and PutMetricData neither, should a function ever need them.
   */
  const UNAVOIDABLE = new Set([
    'cloudfront:CreateInvalidation',
    'cloudfront:GetInvalidation',
    'xray:PutTraceSegments',
    'xray:PutTelemetryRecords',
    'cloudwatch:PutMetricData',
  ]);

  it('grants no `*` resource in any IAM statement except for actions without resource-level permissions', () => {
    const statements = [
      ...resourcesOf('AWS::IAM::Policy').flatMap(([stack, id, r]) =>
        (r.Properties!.PolicyDocument.Statement as Json[]).map((s) => [`${stack.node.path}/${id}`, s]),
      ),
      ...resourcesOf('AWS::IAM::Role').flatMap(([stack, id, r]) =>
        ((r.Properties!.Policies ?? []) as Json[]).flatMap((p) =>
          (p.PolicyDocument.Statement as Json[]).map((s) => [`${stack.node.path}/${id}`, s]),
        ),
      ),
    ] as [string, Json][];
    expect(statements.length).toBeGreaterThan(100);
    const wide = statements
      .filter(([, s]) => [s.Resource].flat().includes('*'))
      .flatMap(([where, s]) => [s.Action].flat().map((a: string) => `${where}: ${a}`))
      .filter((line) => !UNAVOIDABLE.has(line.split(': ')[1]!));
    expect(wide).toEqual([]);
  });

  it('makes every bucket refuse plain HTTP and TLS before 1.2', () => {
    const buckets = resourcesOf('AWS::S3::Bucket');
    const policies = resourcesOf('AWS::S3::BucketPolicy');
    expect(buckets.length).toBeGreaterThanOrEqual(4);
    for (const [stack, id] of buckets) {
      const policy = policies.find(([s, , p]) => s === stack && p.Properties!.Bucket.Ref === id);
      const statements = JSON.stringify(policy?.[2].Properties!.PolicyDocument.Statement);
      expect(statements, id).toContain('{"Bool":{"aws:SecureTransport":"false"}}');
      expect(statements, id).toContain('{"NumericLessThan":{"s3:TlsVersion":1.2}}');
    }
  });

  it('serves the site domain with TLS 1.2 at least and reaches the APIs over TLS 1.2 only', () => {
    const config = resourceOf(built.web.distribution).Properties!.DistributionConfig;
    expect(config.Aliases).toEqual(['shop.example.com']);
    expect(config.ViewerCertificate).toMatchObject({
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
    const custom = (config.Origins as Json[]).filter((o) => o.CustomOriginConfig);
    expect(custom).toHaveLength(2);
    for (const o of custom) {
      expect(o.CustomOriginConfig).toMatchObject({
        OriginProtocolPolicy: 'https-only',
        OriginSSLProtocols: ['TLSv1.2'],
      });
    }
  });

  it('versions the media bucket: old versions expire after 30 days, unfinished uploads after a day, staged photos too', () => {
    const media = resourceOf(built.data.mediaBucket).Properties!;
    expect(media.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(media.LifecycleConfiguration.Rules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Id: 'ExpirePendingUploads', Prefix: 'uploads/', ExpirationInDays: 1 }),
        expect.objectContaining({
          Id: 'ExpireOldVersions',
          NoncurrentVersionExpiration: { NoncurrentDays: 30 },
          AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
          ExpiredObjectDeleteMarker: true,
        }),
      ]),
    );
  });

  /**
   * CDK makes the cross-region reference functions while it synthesizes, after every construct of ours: Lambda makes
   * their log groups, without a retention (docs/operations.md sets one once per stage). They run at deployment only.
   */
  const CROSS_REGION_PROVIDERS = /^CustomCrossRegionExport(Reader|Writer)CustomResourceProviderHandler/;

  it('keeps every log group a month, and gives every function, CDK’s own too, a log group that does', () => {
    const groups = resourcesOf('AWS::Logs::LogGroup');
    for (const [, id, r] of groups) expect(r.Properties!.RetentionInDays, id).toBe(30);
    const functions = resourcesOf('AWS::Lambda::Function').filter(([, id]) => !CROSS_REGION_PROVIDERS.test(id));
    expect(functions.length).toBeGreaterThan(routeList.length);
    for (const [stack, id, r] of functions) {
      const named = groups.some(
        ([s, , g]) =>
          s === stack &&
          JSON.stringify(g.Properties!.LogGroupName) ===
            JSON.stringify({ 'Fn::Join': ['', ['/aws/lambda/', { Ref: id }]] }),
      );
      expect(Boolean(r.Properties!.LoggingConfig?.LogGroup) || named, `${stack.node.path}/${id}`).toBe(true);
    }
  });
});

describe('restore drill: switching the stage to a restored table (context tableName)', () => {
  it('keeps the stack’s own table, retained with point-in-time recovery', () => {
    expect(resourceOf(built.data.ownTable).Type).toBe('AWS::DynamoDB::GlobalTable');
    const table = resourceOf(built.data.ownTable).Properties!;
    expect(table.Replicas[0]).toMatchObject({
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      DeletionProtectionEnabled: true,
    });
  });

  it('gives every function the restored table’s name and grants on it alone, with the stage in STAGE', () => {
    const fns = [
      ...Object.values(built.api.functions),
      ...Object.values(built.workers.jobs),
      ...Object.values(built.workers.consumers),
      ...Object.values(built.realtime.functions),
    ];
    for (const fn of fns) {
      expect(environmentOf(fn)).toMatchObject({ TABLE_NAME: RESTORED, STAGE });
    }
    const own = logicalIdOf(built.data.ownTable);
    for (const [stack, id, r] of resourcesOf('AWS::IAM::Policy')) {
      const text = JSON.stringify(r.Properties!.PolicyDocument);
      if (!text.includes('dynamodb:')) continue;
      expect(text, `${stack.node.path}/${id}`).toContain(`:table/${RESTORED}`);
      expect(text, `${stack.node.path}/${id}`).not.toContain(own);
    }
  });
});
