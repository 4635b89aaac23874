import { expireOffers } from '../core/offers/expire-offers';
import { expireOffersDeps } from '../wiring/offers';
import { scheduledJob } from '../wiring/jobs';

/**
 * Every 5 minutes (functions/routes.ts schedules): pending offers past their 24 hours become expired, with the system
 * message 'Offer expired' and a notice to their sender. Safe to run twice: each is conditional on the offer pending.
 */
export const handler = scheduledJob('jobs/expire-offers', async ({ now, log, metrics }) => {
  const result = await expireOffers(now, expireOffersDeps(log));
  metrics.count('OffersExpired', result.expired);
  if (result.expired + result.failed > 0) log.info('offers expired', result);
  return result;
});
