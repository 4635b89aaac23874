import type { Cents } from '../../../shared/domain/money';
import { OFFER_TEXTS, type OfferRefusalCode } from '../../../shared/domain/offers';
import { AppError } from '../../lib/errors';

export type OfferRefusal =
  | { code: Exclude<OfferRefusalCode, 'insufficient_balance' | 'offer_open'> }
  | { code: 'insufficient_balance'; needCents: Cents; balanceCents: Cents }
  /** The conversation's thread is still live: an offer waits for an answer, or an accepted one to be bought. */
  | { code: 'offer_open'; accepted: boolean };

function describe(r: OfferRefusal): { status: 400 | 403 | 409; message: string } {
  switch (r.code) {
    case 'invalid_amount':
      return { status: 400, message: OFFER_TEXTS.invalidAmount };
    case 'own_item':
      return { status: 403, message: OFFER_TEXTS.ownItem };
    case 'not_receiver':
      return { status: 403, message: OFFER_TEXTS.notReceiver };
    case 'offers_not_accepted':
      return { status: 409, message: OFFER_TEXTS.notAccepted };
    case 'below_minimum':
      return { status: 409, message: OFFER_TEXTS.belowMinimum };
    case 'insufficient_balance':
      return { status: 409, message: OFFER_TEXTS.insufficientBalance(r.needCents, r.balanceCents) };
    case 'not_pending':
      return { status: 409, message: OFFER_TEXTS.notPending };
    case 'too_many_rounds':
      return { status: 409, message: OFFER_TEXTS.tooManyRounds };
    case 'listing_unavailable':
      return { status: 409, message: OFFER_TEXTS.listingUnavailable };
    case 'offer_open':
      return { status: 409, message: r.accepted ? OFFER_TEXTS.offerAccepted : OFFER_TEXTS.offerPending };
  }
}

/**
 * What a use case throws for a refused offer or answer: the code names the toast title (OFFER_REFUSAL_TITLES), the
 * message is its description (OFFER_TEXTS).
 */
export function offerRefusalError(r: OfferRefusal): AppError {
  const { status, message } = describe(r);
  return new AppError(status, r.code, message);
}
