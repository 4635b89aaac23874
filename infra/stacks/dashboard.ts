import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { routeList, type RouteDef } from '../../functions/routes';
import type { ApiStack } from './api-stack';
import type { DataStack } from './data-stack';
import { EDGE_REGION, type EdgeStack } from './edge-stack';
import type { HandlerFunction } from './node-function';
import { escrowMetrics } from './operations-metrics';
import type { RealtimeStack } from './realtime-stack';
import { routesByArea } from './route-area-stack';
import type { WorkersStack } from './workers-stack';

/** CloudWatch draws at most 100 metrics and expressions in one graph (GetMetricWidgetImage's limit too). */
export const MAX_METRICS_PER_GRAPH = 100;

export interface StageDashboardProps {
  stage: string;
  data: DataStack;
  api: ApiStack;
  realtime: RealtimeStack;
  workers: WorkersStack;
  edge: EdgeStack;
  /** Shown in an alarm status widget at the top (the operations alarms: docs/operations.md). */
  alarms: cloudwatch.IAlarm[];
  /** Routes whose functions get a graph per route area (default: the route table's). */
  routes?: readonly RouteDef[];
}

const FIVE_MINUTES = Duration.minutes(5);
const graph = (title: string, left: cloudwatch.IMetric[], more: Partial<cloudwatch.GraphWidgetProps> = {}) =>
  new cloudwatch.GraphWidget({ title, left, width: 12, height: 6, period: FIVE_MINUTES, ...more });

/** A function's p95 duration, errors and throttles, labelled with `name`. */
function functionMetrics(name: string, fn: HandlerFunction) {
  return {
    p95: fn.fn.metricDuration({ statistic: 'p95', period: FIVE_MINUTES, label: name }),
    errors: fn.fn.metricErrors({ statistic: 'Sum', period: FIVE_MINUTES, label: `${name} errors` }),
    throttles: fn.fn.metricThrottles({ statistic: 'Sum', period: FIVE_MINUTES, label: `${name} throttles` }),
  };
}

/** One graph for a group of functions: p95 duration on the left, errors and throttles on the right. */
function functionsGraph(title: string, fns: [string, HandlerFunction][]) {
  const metrics = fns.map(([name, fn]) => functionMetrics(name, fn));
  return graph(
    title,
    metrics.map((m) => m.p95),
    {
      right: metrics.flatMap((m) => [m.errors, m.throttles]),
      leftYAxis: { label: 'p95 ms', showUnits: false, min: 0 },
      rightYAxis: { label: 'errors, throttles', showUnits: false, min: 0 },
    },
  );
}

/**
 * The stage's one dashboard (decision 076): the operations alarms, the API and each route's latency and errors (per
 * function, and per route key from the API's access log), Lambda throttles and concurrency, queue depth and age,
 * dead letters, the escrow figures, and the WAF's blocks (its metrics live in us-east-1 with the web ACL).
 */
export function stageDashboard(scope: Construct, id: string, props: StageDashboardProps): cloudwatch.Dashboard {
  const dashboard = new cloudwatch.Dashboard(scope, id, {
    dashboardName: `Marketplace-${props.stage}`,
    defaultInterval: Duration.hours(3),
  });
  const { api, data, workers, realtime, edge } = props;
  const escrow = escrowMetrics(props.stage);

  dashboard.addWidgets(
    new cloudwatch.TextWidget({
      markdown: `# Marketplace ${props.stage}\nEvery alarm, what it means and what to do: docs/operations.md.`,
      width: 24,
      height: 2,
    }),
    new cloudwatch.AlarmStatusWidget({ title: 'Operations alarms', alarms: props.alarms, width: 24, height: 4 }),
  );

  // Escrows: counts by state, stuck, waits, settlement failures and drift.
  const label = (m: cloudwatch.Metric, text: string) => m.with({ label: text });
  dashboard.addWidgets(
    graph('Escrows by state', [
      label(escrow.pending, 'Pending'),
      label(escrow.held, 'Held'),
      label(escrow.completed, 'Completed'),
      label(escrow.cancelled, 'Cancelled'),
    ]),
    graph('Stuck escrows, settlement failures, reconcile drift', [
      label(escrow.stuck, 'Stuck'),
      label(escrow.settlementFailures, 'Settlements not finished'),
      label(escrow.drift, 'Orders drifted from the ledger'),
    ]),
    graph('Longest waits in releasing and refunding (minutes)', [
      label(escrow.oldestReleasingMinutes, 'Longest in releasing'),
      label(escrow.oldestRefundingOverdueMinutes, 'Longest refund past CancelAfter'),
    ]),
  );

  // The HTTP API as a whole.
  const httpApi = api.api;
  dashboard.addWidgets(
    graph('HTTP API requests and errors', [
      httpApi.metricCount({ statistic: 'Sum', period: FIVE_MINUTES, label: 'Requests' }),
      httpApi.metricClientError({ statistic: 'Sum', period: FIVE_MINUTES, label: '4xx' }),
      httpApi.metricServerError({ statistic: 'Sum', period: FIVE_MINUTES, label: '5xx' }),
      api.throttledRequests.with({ period: FIVE_MINUTES, label: '429 (stage throttle)' }),
    ]),
    graph(
      'HTTP API latency (ms)',
      ['p50', 'p95', 'p99'].map((statistic) =>
        httpApi.metricLatency({ statistic, period: FIVE_MINUTES, label: statistic }),
      ),
    ),
  );

  // Per route, from the access log: every route key's requests, p95 and 5xx over the dashboard's time range.
  const logQuery = (title: string, queryLines: string[]) =>
    new cloudwatch.LogQueryWidget({
      title,
      logGroupNames: [api.accessLogs.logGroupName],
      view: cloudwatch.LogQueryVisualizationType.TABLE,
      queryLines,
      width: 12,
      height: 8,
    });
  dashboard.addWidgets(
    logQuery('Latency per route (access log)', [
      'fields routeKey, integrationLatency',
      'stats count(*) as requests, pct(integrationLatency, 50) as p50, pct(integrationLatency, 95) as p95 by routeKey',
      'sort p95 desc',
      'limit 200',
    ]),
    logQuery('Errors per route (access log)', [
      'fields routeKey, status',
      'filter status like /^5/',
      'stats count(*) as errors by routeKey, status',
      'sort errors desc',
      'limit 200',
    ]),
  );

  // Per route, per function: each route area's functions (a route is one function).
  const areaGraphs = [...routesByArea(props.routes ?? routeList)].map(([area, routes]) =>
    functionsGraph(
      `Routes: ${area} (p95 ms; errors, throttles)`,
      routes.filter((r) => api.functions[r.name]).map((r) => [r.name, api.functions[r.name]!]),
    ),
  );
  dashboard.addWidgets(...areaGraphs);

  // Workers, socket functions, throttles and concurrency.
  dashboard.addWidgets(
    functionsGraph('Queue consumers (p95 ms; errors, throttles)', Object.entries(workers.consumers)),
    functionsGraph('Scheduled jobs (p95 ms; errors, throttles)', Object.entries(workers.jobs)),
    functionsGraph('Socket functions (p95 ms; errors, throttles)', [
      ...Object.entries(realtime.functions),
      ['authorizer', realtime.authorizerFunction],
    ]),
    graph('Lambda concurrency (account and region)', [
      new cloudwatch.Metric({
        namespace: 'AWS/Lambda',
        metricName: 'ConcurrentExecutions',
        statistic: 'Maximum',
        period: Duration.minutes(1),
        label: 'Concurrent executions',
      }),
      new cloudwatch.Metric({
        namespace: 'AWS/Lambda',
        metricName: 'UnreservedConcurrentExecutions',
        statistic: 'Maximum',
        period: Duration.minutes(1),
        label: 'Unreserved concurrent executions',
      }),
      new cloudwatch.Metric({
        namespace: 'AWS/Lambda',
        metricName: 'Throttles',
        statistic: 'Sum',
        period: Duration.minutes(1),
        label: 'Throttles (every function)',
      }),
    ]),
    graph(
      'Concurrency of the routes with reserved capacity',
      (props.routes ?? routeList)
        .filter((r) => r.capacity && api.functions[r.name])
        .map((r) =>
          api.functions[r.name]!.fn.metric('ConcurrentExecutions', {
            statistic: 'Maximum',
            period: Duration.minutes(1),
            label: `${r.name} (${r.capacity})`,
          }),
        ),
    ),
  );

  // Queues: depth, oldest message, dead letters.
  const deadLetters: [string, sqs.IQueue][] = data.queues.map((q) => [q.def.name, q.deadLetters]);
  if (workers.scheduleDeadLetters) deadLetters.push(['schedules', workers.scheduleDeadLetters]);
  dashboard.addWidgets(
    graph(
      'Queue depth (visible messages)',
      data.queues.map(({ def, queue }) =>
        queue.metricApproximateNumberOfMessagesVisible({
          statistic: 'Maximum',
          period: Duration.minutes(1),
          label: def.name,
        }),
      ),
    ),
    graph(
      'Oldest message age (seconds)',
      data.queues.map(({ def, queue }) =>
        queue.metricApproximateAgeOfOldestMessage({
          statistic: 'Maximum',
          period: Duration.minutes(1),
          label: def.name,
        }),
      ),
    ),
    graph(
      'Dead-letter queues (messages)',
      deadLetters.map(([name, queue]) =>
        queue.metricApproximateNumberOfMessagesVisible({
          statistic: 'Maximum',
          period: Duration.minutes(1),
          label: name,
        }),
      ),
    ),
  );

  // The WAF's blocks, in us-east-1 where the CloudFront web ACL and its metrics are.
  const waf = (rule: string, label: string) =>
    new cloudwatch.Metric({
      namespace: 'AWS/WAFV2',
      metricName: 'BlockedRequests',
      dimensionsMap: { WebACL: edge.metricNames.webAcl, Rule: rule },
      region: EDGE_REGION,
      statistic: 'Sum',
      period: FIVE_MINUTES,
      label,
    });
  dashboard.addWidgets(
    graph('WAF blocked requests (us-east-1)', [
      waf('ALL', 'All rules'),
      ...Object.entries(edge.metricNames.rules).map(([rule, metricName]) => waf(metricName, rule)),
    ]),
  );
  return dashboard;
}
