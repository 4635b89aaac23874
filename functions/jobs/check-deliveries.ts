import { deliveryDeps } from '../adapters/settlement-deps';
import { checkDeliveries } from '../core/orders/delivery';
import { scheduledJob } from '../wiring/jobs';

/**
 * Every 15 minutes (functions/routes.ts schedules): every shipped order's parcel is asked of the carrier (30 numbers a
 * call) and each one delivered to the buyer's ZIP is released. The webhook checks sooner; this catches what it missed.
 */
export const handler = scheduledJob('jobs/check-deliveries', async ({ log, metrics }) => {
  const run = await checkDeliveries(await deliveryDeps(log));
  if (run.released > 0) metrics.count('EscrowsReleased', run.released);
  log.info('deliveries checked', { ...run });
  return run;
});
