import type { Cents } from '../../../shared/domain/money';
import { OFFER_TEXTS, type OfferRefusalCode } from '../../../shared/domain/offers';
import { AppError, type ErrorKind } from '../../lib/errors';

export type OfferRefusal =
  | { code: Exclude<OfferRefusalCode, 'insufficient_balance' | 'offer_open'> }
  | { code: 'insufficient_balance'; needCents: Cents; balanceCents: Cents }
  /** The conversation's thread is still live: an offer waits for an answer, or an accepted one to be bought. */
  | { code: 'offer_open'; accepted: boolean };

function describe(r: OfferRefusal): {
  kind: Extract<ErrorKind, 'invalid' | 'forbidden' | 'invalid_state'>;
  message: string;
} {
  switch (r.code) {
    case 'invalid_amount':
      return { kind: 'invalid', message: OFFER_TEXTS.invalidAmount };
    case 'own_item':
      return { kind: 'forbidden', message: OFFER_TEXTS.ownItem };
    case 'not_receiver':
      return { kind: 'forbidden', message: OFFER_TEXTS.notReceiver };
    case 'offers_not_accepted':
      return { kind: 'invalid_state', message: OFFER_TEXTS.notAccepted };
    case 'below_minimum':
      return { kind: 'invalid_state', message: OFFER_TEXTS.belowMinimum };
    case 'insufficient_balance':
      return { kind: 'invalid_state', message: OFFER_TEXTS.insufficientBalance(r.needCents, r.balanceCents) };
    case 'not_pending':
      return { kind: 'invalid_state', message: OFFER_TEXTS.notPending };
    case 'too_many_rounds':
      return { kind: 'invalid_state', message: OFFER_TEXTS.tooManyRounds };
    case 'listing_unavailable':
      return { kind: 'invalid_state', message: OFFER_TEXTS.listingUnavailable };
    case 'offer_open':
      return { kind: 'invalid_state', message: r.accepted ? OFFER_TEXTS.offerAccepted : OFFER_TEXTS.offerPending };
  }
}

/**
 * What a use case throws for a refused offer or answer: the code names the toast title (OFFER_REFUSAL_TITLES), the
 * message is its description (OFFER_TEXTS).
 */
export function offerRefusalError(r: OfferRefusal): AppError {
  const { kind, message } = describe(r);
  return new AppError(kind, r.code, message);
}
