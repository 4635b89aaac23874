import { lapseUnpaidOrders } from '../core/auctions/lapse-unpaid-orders';
import { lapseUnpaidOrdersDeps } from '../wiring/auctions';
import { scheduledJob } from '../wiring/jobs';

/**
 * Every 5 minutes (functions/routes.ts schedules): auctions' orders unpaid at the end of their 48 hours lapse; the
 * seller may then offer a second chance or relist. Safe to run twice: each lapse is conditional on the order's status.
 */
export const handler = scheduledJob('jobs/lapse-unpaid-orders', async ({ now, log, metrics }) => {
  const result = await lapseUnpaidOrders(now, lapseUnpaidOrdersDeps(log));
  metrics.count('AuctionOrdersLapsed', result.lapsed);
  if (result.lapsed + result.failed > 0) log.info('unpaid orders lapsed', result);
  return result;
});
