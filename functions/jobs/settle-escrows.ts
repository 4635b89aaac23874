import { settleEscrows } from '../core/orders/settle-escrows';
import { settleEscrowsDeps } from '../wiring/orders';
import { oneRunAtATime, scheduledJob } from '../wiring/jobs';

/**
 * Every minute (functions/routes.ts schedules): escrows nothing released by their CancelAfter go back to their buyers,
 * refunds whose time has come are submitted, and releases under way are followed to the ledger's answer. A run can
 * outlast the minute (each settlement waits for a validated ledger): the next one then does nothing rather than walk
 * the same orders and take the platform account's sequences from under it.
 */
export const handler = scheduledJob(
  'jobs/settle-escrows',
  oneRunAtATime('settle-escrows', async ({ log, metrics }) => {
    const run = await settleEscrows(await settleEscrowsDeps(log));
    // Settlements this run followed that did not end (not validated yet, refused, or the escrow already gone): the
    // settlement failures alarm watches them (decision 076).
    metrics.count('SettlementFailures', run.pending);
    if (run.expired + run.settled + run.pending > 0) log.info('escrows settled', { ...run });
    return run;
  }),
);
