import { backfillEscrowBuckets } from '../core/admin-escrow/backfill-escrow-buckets';
import { backfillEscrowBucketsDeps } from '../wiring/admin-escrow';
import { scheduledJob } from '../wiring/jobs';

/**
 * Every 15 minutes (functions/routes.ts schedules) until done, then one read a run: orders funded before the escrow
 * monitor get their bucket and are counted (decision 065). Bounded per run; safe twice and beside status changes.
 */
export const handler = scheduledJob('jobs/backfill-escrow-buckets', async ({ log, deadline }) => {
  const run = await backfillEscrowBuckets(backfillEscrowBucketsDeps(deadline));
  if (run.pages > 0) log.info('escrow monitor backfill', { ...run });
  return run;
});
