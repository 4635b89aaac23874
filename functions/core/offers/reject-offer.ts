import type { Offer } from '../../../shared/domain/offers';
import { answerOffer } from './answer-offer';
import type { OfferDeps } from './ports';

/** The receiver rejects a pending offer (the answer rules: answer-offer). */
export function rejectOffer(userId: string, offerId: string, deps: OfferDeps): Promise<Offer> {
  return answerOffer(userId, offerId, { kind: 'reject' }, deps);
}
