import { sendWeeklyReports } from '../core/seller-settings/send-weekly-reports';
import { sendWeeklyReportsDeps } from '../wiring/seller-settings';
import { scheduledJob } from '../wiring/jobs';

/**
 * Every hour (functions/routes.ts schedules): users with weekly reports on get last week's figures once (decision 057).
 * A run takes a bounded number; the ones left stay due and the next run takes them. Safe to run twice.
 */
export const handler = scheduledJob('jobs/send-weekly-reports', async ({ now, log }) => {
  const run = await sendWeeklyReports(now, sendWeeklyReportsDeps(log));
  if (run.sent + run.failed > 0) log.info('weekly reports', { ...run });
  return run;
});
