import type { Offer } from '../../../shared/domain/offers';
import { answerOffer } from './answer-offer';
import type { OfferTerms } from './make-offer';
import type { OfferDeps } from './ports';

/** The receiver counters a pending offer with new terms: the thread's next round (the answer rules: answer-offer). */
export function counterOffer(userId: string, offerId: string, terms: OfferTerms, deps: OfferDeps): Promise<Offer> {
  return answerOffer(userId, offerId, { kind: 'counter', ...terms }, deps);
}
