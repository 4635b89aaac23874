import { auctionEndingDeps } from '../adapters/auction-ending-deps';
import { notifyEndingAuctions } from '../core/notifications/auction-ending';
import { scheduledJob } from '../wiring/jobs';

/**
 * Every 5 minutes (functions/routes.ts schedules): asks to notify everyone who bid on or saved an auction ending within
 * the hour, once per auction. Safe to run twice: the dedupe key stores one notification per user and auction.
 */
export const handler = scheduledJob('jobs/notify-ending-auctions', async ({ now, log }) => {
  const result = await notifyEndingAuctions(now, auctionEndingDeps());
  log.info('auction-ending notices', result);
  return result;
});
