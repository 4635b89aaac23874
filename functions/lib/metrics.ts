import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

/**
 * Business metrics: one count per domain action, emitted by handlers (core stays AWS-free) as CloudWatch EMF through
 * Powertools Metrics. Name pattern: the thing, plural, then the past-tense verb (`ListingsCreated`); later features add
 * theirs here (`OrdersPlaced`, `BidsPlaced`, `EscrowsReleased`), so every name is declared once.
 */
export type BusinessMetric =
  | 'SignIns'
  | 'ListingsCreated'
  | 'ListingsUpdated'
  | 'ListingsEnded'
  | 'OrdersPlaced'
  | 'BidsPlaced'
  | 'EscrowsFunded'
  | 'OrdersCancelled'
  | 'EscrowsReleased'
  | 'EscrowsRefunded'
  | 'OrderDrift'
  | 'ConversationsStarted'
  | 'MessagesSent'
  | 'AuctionsClosed'
  | 'AuctionOrdersLapsed'
  | 'OffersMade'
  | 'OffersAccepted'
  | 'OffersRejected'
  | 'OffersCountered'
  | 'OffersExpired'
  | 'SettlementFailures';

/**
 * Figures measured by a scheduled job (decision 076): each run records the value as it is, so the alarms read their
 * Maximum over a period; two runs in one period record the same figure twice, which changes no Maximum.
 */
export type GaugeMetric =
  | 'EscrowsPending'
  | 'EscrowsHeld'
  | 'EscrowsCompleted'
  | 'EscrowsCancelled'
  | 'EscrowsStuck'
  | 'OldestReleasingMinutes'
  | 'OldestRefundingOverdueMinutes';

export interface BusinessMetrics {
  /** Counts one (or `value`) occurrence of a domain action in this invocation; flushed when the invocation ends. */
  count(name: BusinessMetric, value?: number): void;
  /** Records a measured figure (a count of things as they are, or a wait in minutes) once for this invocation. */
  gauge(name: GaugeMetric, value: number): void;
}

export const DEFAULT_METRICS_NAMESPACE = 'Marketplace';
/**
 * Every metric carries the deployment's stage as a dimension besides its `service` (the function), so one namespace
 * serves every stage and each stage's dashboard and alarms read only their own (decision 076).
 */
export const STAGE_ENV = 'STAGE';
export const LOCAL_STAGE = 'local';

/**
 * The metrics of one function: namespace from POWERTOOLS_METRICS_NAMESPACE, dimensions `service` (the function) and
 * `stage` (STAGE, `local` without one).
 */
export class FunctionMetrics implements BusinessMetrics {
  #metrics: Metrics | undefined;

  constructor(private readonly service: string) {}

  /** Made on first use, so the environment (namespace, POWERTOOLS_METRICS_DISABLED) is read after tests set it. */
  private get metrics(): Metrics {
    this.#metrics ??= new Metrics({
      namespace: process.env.POWERTOOLS_METRICS_NAMESPACE || DEFAULT_METRICS_NAMESPACE,
      serviceName: this.service,
      defaultDimensions: { stage: process.env[STAGE_ENV] || LOCAL_STAGE },
    });
    return this.#metrics;
  }

  count(name: BusinessMetric, value = 1): void {
    this.metrics.addMetric(name, MetricUnit.Count, value);
  }

  gauge(name: GaugeMetric, value: number): void {
    this.metrics.addMetric(name, MetricUnit.Count, value);
  }

  /** Writes what this invocation counted as one EMF line; nothing (and no warning) when it counted nothing. */
  flush(): void {
    if (this.#metrics?.hasStoredMetrics()) this.#metrics.publishStoredMetrics();
  }
}

/** The middy middleware that flushes a function's metrics when the invocation ends, answered or failed. */
export function flushMetrics(metrics: FunctionMetrics) {
  const flush = () => metrics.flush();
  return { after: flush, onError: flush };
}
