import { followReturns } from '../core/returns/follow-returns';
import { followReturnsDeps } from '../wiring/returns';
import { scheduledJob } from '../wiring/jobs';

/**
 * Every minute (functions/routes.ts schedules): returns the seller did not answer are approved for them, returns not
 * sent back in time lapse, parcels on their way back are tracked, and refunds not made in time go to an administrator
 * (decision 054). Each step is conditional on the stage as read, so overlapping runs change each return once.
 */
export const handler = scheduledJob('jobs/follow-returns', async ({ log }) => {
  const run = await followReturns(followReturnsDeps(log));
  if (run.approved + run.lapsed + run.advanced + run.escalated > 0) log.info('returns followed', { ...run });
  return run;
});
