import { makeOffer } from '../../core/offers/make-offer';
import { makeOfferDeps } from '../../wiring/offers';
import { created, httpHandler, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.makeOffer,
  async (req) => {
    const offer = await makeOffer(principalOf(req).userId, req.params.conversationId, req.body, makeOfferDeps(req.log));
    req.metrics.count('OffersMade', 1);
    return created(offer);
  },
  // A retried Make Offer (lost answer, double click) gets the first answer: never a second offer.
  { idempotency: idempotentRequests('makeOffer') },
);
