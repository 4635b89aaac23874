import { offerDeps } from '../../adapters/offer-deps';
import { answerOffer } from '../../core/offers/answer-offer';
import { httpHandler, ok, principalOf } from '../../lib/http-handler';
import { idempotentRequests } from '../../lib/idempotency';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.rejectOffer,
  async (req) => {
    const offer = await answerOffer(
      principalOf(req).userId,
      req.params.offerId,
      { kind: 'reject' },
      offerDeps(req.log),
    );
    req.metrics.count('OffersRejected', 1);
    return ok(offer);
  },
  { idempotency: idempotentRequests('rejectOffer') },
);
