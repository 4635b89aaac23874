import type { Clock } from '../clock/clock';
import { stuckEscrows, tally } from './list-escrows';
import type { EscrowMonitorReader } from './ports';

export interface MeasureEscrowsDeps {
  monitor: Pick<EscrowMonitorReader, 'counts' | 'due' | 'drifted'>;
  clock: Clock;
}

export interface EscrowMeasures {
  /** Open escrows not held, held ones, and the ended ones (the monitor's kept counters, decision 065). */
  pending: number;
  held: number;
  completed: number;
  cancelled: number;
  /** Escrows the monitor shows as stuck (its own rule and reads). */
  stuck: number;
  /** How long the longest-waiting release has waited since its last step (entering releasing or a recorded finish). */
  oldestReleasingMinutes: number;
  /** How long past CancelAfter the most overdue refund still waits for its cancel (a refund waits for it by design). */
  oldestRefundingOverdueMinutes: number;
  itemsRead: number;
}

const ANY_TIME = '9999-12-31T23:59:59.999Z';
/** Releases under way are few by nature (a settlement takes a ledger close or two): this many is already an outage. */
const RELEASING_READ_CAP = 1_000;

const minutesSince = (now: Date, at: string | undefined) =>
  at ? Math.max(0, Math.floor((now.getTime() - Date.parse(at)) / 60_000)) : 0;

/**
 * The escrow figures the dashboard and alarms watch (decision 076), from the monitor's own reads (decision 065): the
 * counters, the stuck reads, the releases under way and the one most overdue refund, all keyed reads of the deadline
 * index, never a scan. It only reads, so a run twice (or beside any other job) measures the same.
 */
export async function measureEscrows(deps: MeasureEscrowsDeps): Promise<EscrowMeasures> {
  const now = deps.clock.now();
  const t = tally();
  const [counts, stuck, releasing, refunding] = await Promise.all([
    deps.monitor.counts(),
    stuckEscrows(now, deps, t.take),
    deps.monitor.due('releasing', ANY_TIME, RELEASING_READ_CAP),
    // Earliest deadline first: the one overdue refund read is the most overdue.
    deps.monitor.due('refunding', now.toISOString(), 1),
  ]);
  const c = t.take(counts);
  const oldestStep = t
    .take(releasing)
    .map((m) => m.order.updatedAt)
    .sort()[0];
  return {
    pending: Math.max(0, c.pending - c.held),
    held: c.held,
    completed: c.completed,
    cancelled: c.cancelled,
    stuck: stuck.length,
    oldestReleasingMinutes: minutesSince(now, oldestStep),
    oldestRefundingOverdueMinutes: minutesSince(now, t.take(refunding)[0]?.deadline),
    itemsRead: t.itemsRead,
  };
}
