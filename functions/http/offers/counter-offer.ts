import { counterOffer } from '../../core/offers/counter-offer';
import { counterOfferDeps } from '../../wiring/offers';
import { created, httpHandler, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.counterOffer,
  async (req) => {
    const next = await counterOffer(principalOf(req).userId, req.params.offerId, req.body, counterOfferDeps(req.log));
    req.metrics.count('OffersCountered', 1);
    // The counter is the thread's next round: a new offer.
    return created(next);
  },
  { idempotency: idempotentRequests('counterOffer') },
);
