import { reconcileOrders } from '../core/orders/reconcile-orders';
import { reconcileOrdersDeps } from '../wiring/orders';
import { scheduledJob } from '../wiring/jobs';

/** Every 15 minutes (functions/routes.ts schedules): orders that are not final are checked against the ledger. */
export const handler = scheduledJob('jobs/reconcile-orders', async ({ log, metrics }) => {
  const run = await reconcileOrders(await reconcileOrdersDeps(log));
  metrics.count('OrderDrift', run.drift);
  if (run.drift > 0) log.warn('orders drifted from the ledger', { ...run });
  return run;
});
