import { auctionEndingNotices } from '../core/notifications/auction-ending-notices';
import { auctionEndingNoticesDeps } from '../wiring/notifications';
import { scheduledJob } from '../wiring/jobs';

/**
 * Every 5 minutes (functions/routes.ts schedules): asks to notify everyone who bid on or saved an auction ending within
 * the hour, once per auction. Safe to run twice: the dedupe key stores one notification per user and auction.
 */
export const handler = scheduledJob('jobs/auction-ending-notices', async ({ now, log }) => {
  const result = await auctionEndingNotices(now, auctionEndingNoticesDeps());
  log.info('auction-ending notices', result);
  return result;
});
