import { rejectOffer } from '../../core/offers/reject-offer';
import { rejectOfferDeps } from '../../wiring/offers';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { routes } from '../../routes';

/**
 * The receiver's answer to a pending offer. A retry with its Idempotency-Key gets the first answer; a second answer
 * with a new key is refused (409, not pending).
 */
export const handler = httpHandler(
  routes.rejectOffer,
  async (req) => {
    const offer = await rejectOffer(principalOf(req).userId, req.params.offerId, rejectOfferDeps(req.log));
    req.metrics.count('OffersRejected', 1);
    return ok(offer);
  },
  { idempotency: idempotentRequests('rejectOffer') },
);
