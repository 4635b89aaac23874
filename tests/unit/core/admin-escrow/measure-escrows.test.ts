import { afterEach, describe, expect, it, vi } from 'vitest';
import { STUCK_GRACE_MS } from '../../../../functions/core/admin-escrow/escrow-rules';
import { measureEscrows } from '../../../../functions/core/admin-escrow/measure-escrows';
import type { EscrowMonitorReader, MonitoredOrder } from '../../../../functions/core/admin-escrow/ports';
import type { OrderRecord } from '../../../../functions/core/orders/order';
import { measureEscrowsJob } from '../../../../functions/jobs/measure-escrows';
import { captureOutput } from '../../lib/capture-output';
import { aFundedOrder, NOW } from '../orders/order-fakes';

const MIN = 60_000;
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

function row(id: string, over: Partial<OrderRecord>, deadlineMs: number): MonitoredOrder {
  return { order: aFundedOrder({ orderId: id, escrowBucket: 'pending', ...over }), deadline: at(deadlineMs) };
}

/** The monitor's keyed reads over a list; `reads` records each read as (what, limit). */
function monitor(
  rows: MonitoredOrder[],
  reads: string[] = [],
): Pick<EscrowMonitorReader, 'counts' | 'due' | 'drifted'> {
  const read = <T extends unknown[]>(value: T) => ({ value, itemsRead: value.length });
  return {
    counts: async () => ({ value: { pending: 9, held: 2, completed: 40, cancelled: 3 }, itemsRead: 4 }),
    due: async (status, before, limit) => {
      reads.push(`${status} ${limit}`);
      return read(
        rows
          .filter((m) => m.order.status === status && m.deadline < before)
          .sort((a, b) => a.deadline.localeCompare(b.deadline))
          .slice(0, limit),
      );
    },
    drifted: async (limit) => read(rows.filter((m) => m.order.drift).slice(0, limit)),
  };
}

const ROWS = [
  // A release under way since 40 minutes, another since 5.
  row('R1', { status: 'releasing', updatedAt: at(-40 * MIN) }, 5 * 24 * 60 * MIN),
  row('R2', { status: 'releasing', updatedAt: at(-5 * MIN) }, -60 * MIN),
  // Refunds: one 45 minutes past CancelAfter, one 2 minutes past, one not due for days (waiting by design).
  row('F1', { status: 'refunding' }, -45 * MIN),
  row('F2', { status: 'refunding' }, -2 * MIN),
  row('F3', { status: 'refunding' }, 3 * 24 * 60 * MIN),
  // An open escrow past its deadline and the grace: stuck.
  row('O1', { status: 'delivered' }, -STUCK_GRACE_MS - MIN),
];

type Emf = Record<string, unknown> & {
  _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[] };
};

describe('measure-escrows job (decision 076)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('measures counts by state, stuck escrows and the longest waits through keyed reads only', async () => {
    const reads: string[] = [];
    const m = await measureEscrows({ monitor: monitor(ROWS, reads), clock: { now: () => NOW } });
    expect(m).toMatchObject({ pending: 7, held: 2, completed: 40, cancelled: 3 });
    // R1 (releasing 40 min), F1 (refund 45 min overdue), O1 (open past deadline and grace).
    expect(m.stuck).toBe(3);
    expect(m.oldestReleasingMinutes).toBe(40);
    expect(m.oldestRefundingOverdueMinutes).toBe(45);
    // The most overdue refund is one item read, not every refund due.
    expect(reads).toContain('refunding 1');
  });

  it('emits every figure as one EMF line in one namespace with the stage and the job as dimensions, and the same again when run twice', async () => {
    vi.stubEnv('POWERTOOLS_METRICS_NAMESPACE', 'Marketplace');
    vi.stubEnv('STAGE', 'prod');
    const out = captureOutput();
    const job = measureEscrowsJob(() => ({ monitor: monitor(ROWS), clock: { now: () => NOW } }));
    await job({ id: 'run-1', time: NOW.toISOString() });
    await job({ id: 'run-2', time: NOW.toISOString() });
    const lines = out.json().filter((l): l is Emf => '_aws' in l);
    expect(lines).toHaveLength(2);
    for (const emf of lines) {
      const [directive] = emf._aws.CloudWatchMetrics;
      expect(directive!.Namespace).toBe('Marketplace');
      expect(directive!.Dimensions[0]).toEqual(expect.arrayContaining(['service', 'stage']));
      expect(emf).toMatchObject({
        service: 'jobs/measure-escrows',
        stage: 'prod',
        EscrowsPending: 7,
        EscrowsHeld: 2,
        EscrowsCompleted: 40,
        EscrowsCancelled: 3,
        EscrowsStuck: 3,
        OldestReleasingMinutes: 40,
        OldestRefundingOverdueMinutes: 45,
      });
    }
  });
});
