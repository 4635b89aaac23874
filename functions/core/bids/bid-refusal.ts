import {
  AUCTION_ENDED_MESSAGE,
  BID_REFUSAL_TITLES,
  bidTooLowMessage,
  insufficientBalanceMessage,
  INVALID_BID_AMOUNT_MESSAGE,
  notAboveOwnMaxMessage,
  OWN_ITEM_BID_MESSAGE,
  type BidRefusalCode,
} from '../../../shared/domain/bids';
import type { Cents } from '../../../shared/domain/money';
import { AppError, type ErrorKind } from '../../lib/errors';

export type BidRefusalReason =
  | { code: 'invalid_amount' }
  | { code: 'own_item' }
  | { code: 'auction_ended' }
  | { code: 'too_low'; currentBidCents: Cents }
  | { code: 'not_above_own_max'; maxCents: Cents }
  | { code: 'insufficient_balance'; needCents: Cents; balanceCents: Cents };

/**
 * A refused bid with the toast it shows (title and description, spec part 1 "Buying, bidding and contact toasts") and
 * its kind of error.
 */
export interface BidRefusal {
  code: BidRefusalCode;
  kind: Extract<ErrorKind, 'invalid' | 'forbidden' | 'invalid_state'>;
  title: string;
  message: string;
}

function describe(r: BidRefusalReason): Pick<BidRefusal, 'kind' | 'message'> {
  switch (r.code) {
    case 'invalid_amount':
      return { kind: 'invalid', message: INVALID_BID_AMOUNT_MESSAGE };
    case 'own_item':
      return { kind: 'forbidden', message: OWN_ITEM_BID_MESSAGE };
    case 'auction_ended':
      return { kind: 'invalid_state', message: AUCTION_ENDED_MESSAGE };
    case 'too_low':
      return { kind: 'invalid_state', message: bidTooLowMessage(r.currentBidCents) };
    case 'not_above_own_max':
      return { kind: 'invalid_state', message: notAboveOwnMaxMessage(r.maxCents) };
    case 'insufficient_balance':
      return { kind: 'invalid_state', message: insufficientBalanceMessage(r.needCents, r.balanceCents) };
  }
}

export function bidRefusal(reason: BidRefusalReason): BidRefusal {
  return { code: reason.code, title: BID_REFUSAL_TITLES[reason.code], ...describe(reason) };
}

/** What a handler throws: the code names the toast title (BID_REFUSAL_TITLES), the message is its description. */
export function bidRefusalError(refusal: BidRefusal): AppError {
  return new AppError(refusal.kind, refusal.code, refusal.message);
}
