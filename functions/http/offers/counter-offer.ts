import { offerDeps } from '../../adapters/offer-deps';
import { answerOffer } from '../../core/offers/answer-offer';
import { created, httpHandler, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.counterOffer,
  async (req) => {
    const next = await answerOffer(
      principalOf(req).userId,
      req.params.offerId,
      { kind: 'counter', ...req.body },
      offerDeps(req.log),
    );
    req.metrics.count('OffersCountered', 1);
    // The counter is the thread's next round: a new offer.
    return created(next);
  },
  { idempotency: idempotentRequests('counterOffer') },
);
