import { measureEscrows, type MeasureEscrowsDeps } from '../core/admin-escrow/measure-escrows';
import { measureEscrowsDeps } from '../wiring/admin-escrow';
import { scheduledJob } from '../wiring/jobs';

/**
 * The job with its reads passed in (tests give their own). Each figure goes out as a CloudWatch metric (EMF) for the
 * stage's dashboard and alarms (decision 076).
 */
export function measureEscrowsJob(deps: () => MeasureEscrowsDeps) {
  return scheduledJob('jobs/measure-escrows', async ({ metrics }) => {
    const m = await measureEscrows(deps());
    metrics.gauge('EscrowsPending', m.pending);
    metrics.gauge('EscrowsHeld', m.held);
    metrics.gauge('EscrowsCompleted', m.completed);
    metrics.gauge('EscrowsCancelled', m.cancelled);
    metrics.gauge('EscrowsStuck', m.stuck);
    metrics.gauge('OldestReleasingMinutes', m.oldestReleasingMinutes);
    metrics.gauge('OldestRefundingOverdueMinutes', m.oldestRefundingOverdueMinutes);
    return m;
  });
}

/**
 * Every minute (functions/routes.ts schedules): counts by state, stuck escrows, and the longest wait in releasing and
 * in refunding past CancelAfter.
 */
export const handler = measureEscrowsJob(measureEscrowsDeps);
