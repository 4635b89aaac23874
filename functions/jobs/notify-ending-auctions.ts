import { auctionEndingDeps } from '../adapters/auction-ending-deps';
import { notifyEndingAuctions } from '../core/notifications/auction-ending';
import { scheduledJob } from '../lib/scheduled-job';

/**
 * Every 15 minutes (functions/routes.ts schedules): asks to notify everyone whose wishlist holds an auction ending
 * within 24 hours, once per auction. Safe to run twice: the dedupe key stores one notification per user and auction.
 */
export const handler = scheduledJob('jobs/notify-ending-auctions', async ({ now, log }) => {
  const result = await notifyEndingAuctions(now, auctionEndingDeps());
  log.info('auction-ending notices', result);
  return result;
});
