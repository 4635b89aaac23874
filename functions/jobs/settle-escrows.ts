import { settlementDeps } from '../adapters/settlement-deps';
import { settleDueEscrows } from '../core/orders/escrow-expiry';
import { scheduledJob } from '../lib/scheduled-job';

/**
 * Every minute (functions/routes.ts schedules): escrows nothing released by their CancelAfter go back to their buyers,
 * refunds whose time has come are submitted, and releases under way are followed to the ledger's answer.
 */
export const handler = scheduledJob('jobs/settle-escrows', async ({ log }) => {
  const run = await settleDueEscrows(await settlementDeps(log));
  if (run.expired + run.settled + run.pending > 0) log.info('escrows settled', { ...run });
  return run;
});
