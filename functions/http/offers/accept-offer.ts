import { acceptOffer } from '../../core/offers/accept-offer';
import { acceptOfferDeps } from '../../wiring/offers';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { routes } from '../../routes';

/**
 * The receiver's answer to a pending offer. A retry with its Idempotency-Key gets the first answer; a second answer
 * with a new key is refused (409, not pending).
 */
export const handler = httpHandler(
  routes.acceptOffer,
  async (req) => {
    const offer = await acceptOffer(principalOf(req).userId, req.params.offerId, acceptOfferDeps(req.log));
    req.metrics.count('OffersAccepted', 1);
    return ok(offer);
  },
  { idempotency: idempotentRequests('acceptOffer') },
);
