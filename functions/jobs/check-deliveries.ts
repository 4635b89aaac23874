import { checkDeliveries } from '../core/orders/check-deliveries';
import { checkDeliveriesDeps } from '../wiring/orders';
import { scheduledJob } from '../wiring/jobs';

/**
 * Every 15 minutes (functions/routes.ts schedules): every shipped order's parcel is asked of the carrier (30 numbers a
 * call) and each one delivered to the buyer's ZIP is released. The webhook checks sooner; this catches what it missed.
 */
export const handler = scheduledJob('jobs/check-deliveries', async ({ log, metrics }) => {
  const run = await checkDeliveries(await checkDeliveriesDeps(log));
  if (run.released > 0) metrics.count('EscrowsReleased', run.released);
  log.info('deliveries checked', { ...run });
  return run;
});
