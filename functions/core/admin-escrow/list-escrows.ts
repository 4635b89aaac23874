import {
  ESCROW_BUCKETS,
  ESCROW_MONITOR_LIMIT,
  type EscrowBucket,
  type EscrowFilter,
} from '../../../shared/domain/escrow-monitor';
import type { EscrowMonitor, EscrowRow } from '../../../shared/api/admin-escrow';
import type { Clock } from '../clock/clock';
import {
  bucketOf,
  DRIFT_TEXT,
  isRetryable,
  isStuck,
  ledgerTransactionsOf,
  matchesFilter,
  newestFirst,
  STUCK_BY_DEADLINE,
  STUCK_GRACE_MS,
  timelineOf,
} from './escrow-rules';
import type { EscrowMonitorReader, MonitoredOrder, Read } from './ports';

export interface ListEscrowsDeps {
  monitor: EscrowMonitorReader;
  clock: Clock;
  transactionUrl: (hash: string) => string;
}

/** Stuck escrows counted at most this many (each is read: they are few, or something is badly wrong). */
export const STUCK_READ_CAP = 1_000;
const ANY_TIME = '9999-12-31T23:59:59.999Z';

/** Adds up what each read cost, for the response's `itemsRead`. */
export function tally() {
  let itemsRead = 0;
  return {
    take: <T>(r: Read<T>): T => {
      itemsRead += r.itemsRead;
      return r.value;
    },
    get itemsRead() {
      return itemsRead;
    },
  };
}

/**
 * Every stuck escrow (up to the cap): the schedule's statuses past deadline and grace, releases left waiting, and the
 * orders the reconcile job marked as drifted (a sparse index: few by nature).
 */
export async function stuckEscrows(
  now: Date,
  deps: { monitor: Pick<EscrowMonitorReader, 'due' | 'drifted'> },
  take: <T>(r: Read<T>) => T,
) {
  const late = new Date(now.getTime() - STUCK_GRACE_MS).toISOString();
  const reads = await Promise.all([
    ...STUCK_BY_DEADLINE.map((status) => deps.monitor.due(status, late, STUCK_READ_CAP)),
    deps.monitor.due('releasing', ANY_TIME, STUCK_READ_CAP),
    deps.monitor.drifted(STUCK_READ_CAP),
  ]);
  // A drifted order past its deadline is read twice: counted once.
  const byId = new Map(reads.flatMap(take).map((m) => [m.order.orderId, m]));
  return [...byId.values()].filter((m) => isStuck(m, now)).slice(0, STUCK_READ_CAP);
}

async function candidates(
  filter: EscrowFilter | null,
  q: string | null,
  stuck: MonitoredOrder[],
  deps: ListEscrowsDeps,
  take: ReturnType<typeof tally>['take'],
): Promise<MonitoredOrder[]> {
  if (q) {
    const [byId, byUser] = await Promise.all([deps.monitor.get(q), deps.monitor.ofUsername(q, ESCROW_MONITOR_LIMIT)]);
    const found = take(byId);
    return [...(found ? [found] : []), ...take(byUser).filter((m) => m.order.orderId !== found?.order.orderId)];
  }
  if (filter === 'stuck') return stuck;
  const buckets: readonly EscrowBucket[] = filter ? [filter] : ESCROW_BUCKETS;
  const pages = await Promise.all(buckets.map((b) => deps.monitor.latest(b, ESCROW_MONITOR_LIMIT)));
  return pages.flatMap(take);
}

function rowOf(m: MonitoredOrder, now: Date, deps: ListEscrowsDeps): EscrowRow {
  const o = m.order;
  return {
    orderId: o.orderId,
    status: o.status,
    bucket: bucketOf(o)!,
    stuck: isStuck(m, now),
    drift: o.drift ? { found: DRIFT_TEXT[o.drift.kind], at: o.drift.at } : null,
    retryable: isRetryable(m, now),
    releaseHold: o.releaseHold ?? null,
    buyer: { id: o.buyerId, username: o.buyerUsername },
    seller: { id: o.sellerId, username: o.sellerUsername },
    totalCents: o.totalCents,
    fundedAt: o.fundedAt,
    deadline: m.deadline,
    transactions: ledgerTransactionsOf(o).map((t) => ({ ...t, explorerUrl: deps.transactionUrl(t.txid) })),
    timeline: timelineOf(o),
  };
}

/**
 * The admin escrow monitor (decision 065): the latest 50 escrows newest first, under a filter or a search, with the
 * counts by bucket from the kept counters and the stuck ones read through the deadline index: never a scan.
 */
export async function listEscrows(
  query: { status?: EscrowFilter; q?: string },
  deps: ListEscrowsDeps,
): Promise<EscrowMonitor> {
  const now = deps.clock.now();
  const t = tally();
  const [counts, stuck] = await Promise.all([deps.monitor.counts(), stuckEscrows(now, deps, t.take)]);
  const c = t.take(counts);
  const filter = query.status ?? null;
  const found = await candidates(filter, query.q || null, stuck, deps, t.take);
  const escrows = found
    .filter((m) => matchesFilter(m, filter, now))
    .sort(newestFirst)
    .slice(0, ESCROW_MONITOR_LIMIT)
    .map((m) => rowOf(m, now, deps));
  return {
    // The pending counter counts held escrows too (a hold pauses an open escrow): shown apart.
    counts: {
      pending: Math.max(0, c.pending - c.held),
      held: c.held,
      completed: c.completed,
      cancelled: c.cancelled,
      stuck: stuck.length,
    },
    escrows,
    itemsRead: t.itemsRead,
  };
}
