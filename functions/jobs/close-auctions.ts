import { closeAuctions } from '../core/auctions/close-auctions';
import { closeAuctionsDeps } from '../wiring/auctions';
import { scheduledJob } from '../wiring/jobs';

/**
 * Every minute (functions/routes.ts schedules): ends each auction whose end has come (decision 029): out of browse
 * and search, the winner's order awaiting payment, everyone told. Safe to run twice or side by side: each close is
 * conditional on the listing as read, each notice once per person.
 */
export const handler = scheduledJob('jobs/close-auctions', async ({ now, log, metrics }) => {
  const result = await closeAuctions(now, closeAuctionsDeps(log));
  metrics.count('AuctionsClosed', result.sold + result.unsold);
  if (result.sold + result.unsold + result.failed + result.reannounced > 0) log.info('auctions closed', { ...result });
  return result;
});
