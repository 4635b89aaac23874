import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { DEFAULT_METRICS_NAMESPACE, type BusinessMetric, type GaugeMetric } from '../../functions/lib/metrics';
import { rateMs, schedules } from '../../functions/routes';

/**
 * The metrics our own jobs emit (Powertools Metrics, EMF): one namespace, dimensions `service` (the function's handler
 * module) and `stage` (decision 076). A job's metric needs both to be found, so they are made here from the route
 * table's schedules and nowhere else.
 */
export function jobMetric(
  stage: string,
  job: string,
  name: BusinessMetric | GaugeMetric,
  props: { statistic: string; period: Duration },
): cloudwatch.Metric {
  const def = schedules.find((s) => s.name === job);
  if (!def) throw new Error(`No schedule named ${job} in functions/routes.ts`);
  return new cloudwatch.Metric({
    namespace: DEFAULT_METRICS_NAMESPACE,
    metricName: name,
    dimensionsMap: { service: def.handler, stage },
    ...props,
  });
}

/**
 * The period an alarm reads a job's figure over: at least two of the job's runs, so every period holds one (a period
 * with none would read as "not breaching" and flap the alarm), and never under five minutes.
 */
export function jobPeriod(job: string): Duration {
  const def = schedules.find((s) => s.name === job);
  if (!def) throw new Error(`No schedule named ${job} in functions/routes.ts`);
  return Duration.millis(Math.max(5 * 60_000, 2 * rateMs(def.rate)));
}

/** The escrow figures of the measure-escrows job (a Maximum: two runs in a period record the same value). */
export function escrowMetrics(stage: string) {
  const period = jobPeriod('measure-escrows');
  const gauge = (name: GaugeMetric) => jobMetric(stage, 'measure-escrows', name, { statistic: 'Maximum', period });
  // No labels: an alarm on a labelled metric is written in the longer Metrics form (the dashboard adds them).
  return {
    pending: gauge('EscrowsPending'),
    held: gauge('EscrowsHeld'),
    completed: gauge('EscrowsCompleted'),
    cancelled: gauge('EscrowsCancelled'),
    stuck: gauge('EscrowsStuck'),
    oldestReleasingMinutes: gauge('OldestReleasingMinutes'),
    oldestRefundingOverdueMinutes: gauge('OldestRefundingOverdueMinutes'),
    settlementFailures: jobMetric(stage, 'settle-escrows', 'SettlementFailures', {
      statistic: 'Sum',
      period: Duration.minutes(5),
    }),
    drift: jobMetric(stage, 'reconcile-orders', 'OrderDrift', {
      statistic: 'Maximum',
      period: jobPeriod('reconcile-orders'),
    }),
  };
}
