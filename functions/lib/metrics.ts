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
  | 'OffersExpired';

export interface BusinessMetrics {
  /** Counts one (or `value`) occurrence of a domain action in this invocation; flushed when the invocation ends. */
  count(name: BusinessMetric, value?: number): void;
}

export const DEFAULT_METRICS_NAMESPACE = 'Marketplace';

/** The metrics of one function: namespace from POWERTOOLS_METRICS_NAMESPACE, `service` dimension = the function. */
export class FunctionMetrics implements BusinessMetrics {
  #metrics: Metrics | undefined;

  constructor(private readonly service: string) {}

  /** Made on first use, so the environment (namespace, POWERTOOLS_METRICS_DISABLED) is read after tests set it. */
  private get metrics(): Metrics {
    this.#metrics ??= new Metrics({
      namespace: process.env.POWERTOOLS_METRICS_NAMESPACE || DEFAULT_METRICS_NAMESPACE,
      serviceName: this.service,
    });
    return this.#metrics;
  }

  count(name: BusinessMetric, value = 1): void {
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
