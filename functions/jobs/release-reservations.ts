import { releaseReservations } from '../core/orders/release-reservations';
import { releaseReservationsDeps } from '../wiring/orders';
import { scheduledJob } from '../wiring/jobs';

/**
 * Every minute (functions/routes.ts schedules): orders whose reservation ran out give their units back, unless the
 * buyer signed just now (then they are funded) or their EscrowCreate is already submitted (then it is followed to its
 * ledger outcome). Safe to run twice: every step is conditional on the order's status.
 */
export const handler = scheduledJob('jobs/release-reservations', async ({ log }) => {
  const released = await releaseReservations(await releaseReservationsDeps(log));
  if (released > 0) log.info('lapsed reservations handled', { released });
  return { released };
});
