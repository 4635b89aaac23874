import { resumeAccountWork } from '../core/account-state/resume-account-work';
import { accountJobDeps } from '../wiring/account-state';
import { scheduledJob } from '../wiring/jobs';

/**
 * Every minute (functions/routes.ts schedules): store passes and Delete Data requests go on where their request or
 * an earlier run stopped (decision 059). Each step is saved conditionally on the version read, so overlapping runs
 * move each account once.
 */
export const handler = scheduledJob('jobs/resume-account-work', async ({ log, deadline }) => {
  const run = await resumeAccountWork(accountJobDeps(deadline, log));
  if (run.taken > 0) log.info('account work resumed', { ...run });
  return run;
});
