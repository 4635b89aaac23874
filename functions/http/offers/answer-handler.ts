import type { acceptOffer, rejectOffer } from '../../../shared/api/offers';
import { offerDeps } from '../../adapters/offer-deps';
import { answerOffer } from '../../core/offers/answer-offer';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/http';
import type { BusinessMetric } from '../../lib/metrics';
import type { RouteDef } from '../../routes';

/**
 * The handler of an answer without terms (accept, reject): the receiver's answer to a pending offer. A retry with
 * its Idempotency-Key gets the first answer; a second answer with a new key is refused (409, not pending).
 */
export function answerHandler(
  route: RouteDef<typeof acceptOffer | typeof rejectOffer>,
  kind: 'accept' | 'reject',
  metric: BusinessMetric,
) {
  return httpHandler(
    route,
    async (req) => {
      const offer = await answerOffer(principalOf(req).userId, req.params.offerId, { kind }, offerDeps(req.log));
      req.metrics.count(metric, 1);
      return ok(offer);
    },
    { idempotency: idempotentRequests(route.name) },
  );
}
