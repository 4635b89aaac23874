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
import { AppError } from '../../lib/errors';

export type BidRefusalReason =
  | { code: 'invalid_amount' }
  | { code: 'own_item' }
  | { code: 'auction_ended' }
  | { code: 'too_low'; currentBidCents: Cents }
  | { code: 'not_above_own_max'; maxCents: Cents }
  | { code: 'insufficient_balance'; needCents: Cents; balanceCents: Cents };

/**
 * A refused bid with the toast it shows (title and description, spec part 1 "Buying, bidding and contact toasts") and
 * its HTTP status.
 */
export interface BidRefusal {
  code: BidRefusalCode;
  status: 400 | 403 | 409;
  title: string;
  message: string;
}

function describe(r: BidRefusalReason): Pick<BidRefusal, 'status' | 'message'> {
  switch (r.code) {
    case 'invalid_amount':
      return { status: 400, message: INVALID_BID_AMOUNT_MESSAGE };
    case 'own_item':
      return { status: 403, message: OWN_ITEM_BID_MESSAGE };
    case 'auction_ended':
      return { status: 409, message: AUCTION_ENDED_MESSAGE };
    case 'too_low':
      return { status: 409, message: bidTooLowMessage(r.currentBidCents) };
    case 'not_above_own_max':
      return { status: 409, message: notAboveOwnMaxMessage(r.maxCents) };
    case 'insufficient_balance':
      return { status: 409, message: insufficientBalanceMessage(r.needCents, r.balanceCents) };
  }
}

export function bidRefusal(reason: BidRefusalReason): BidRefusal {
  return { code: reason.code, title: BID_REFUSAL_TITLES[reason.code], ...describe(reason) };
}

/** What a handler throws: the code names the toast title (BID_REFUSAL_TITLES), the message is its description. */
export function bidRefusalError(refusal: BidRefusal): AppError {
  return new AppError(refusal.status, refusal.code, refusal.message);
}
