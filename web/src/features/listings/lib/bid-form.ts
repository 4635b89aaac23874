import type { BidPlaced } from '../../../../../shared/api/bids';
import type { ListingDetail } from '../../../../../shared/api/listings';
import {
  BID_REFUSAL_CODES,
  BID_REFUSAL_TITLES,
  BID_TOASTS,
  bidInputHint,
  bidTooLowMessage,
  INVALID_BID_AMOUNT_MESSAGE,
  minimumNextBidCents,
  type BidRefusalCode,
} from '../../../../../shared/domain/bids';
import {
  AMOUNT_TOO_LARGE,
  MAX_AMOUNT_CENTS,
  parseDollarsToCents,
  type Cents,
} from '../../../../../shared/domain/money';
import { ApiError } from '../../../lib/api-error';

/**
 * The bid panel's client-side checks (spec part 1 "Bid" validation). They only spare a request: the server decides, and
 * its refusal texts are what the bidder sees.
 */

/** The bid field as cents: undefined while empty, 'invalid' unless a positive amount with at most 2 decimals. */
export function parseBidInput(text: string): Cents | 'invalid' | undefined {
  if (text.trim() === '') return undefined;
  const cents = parseDollarsToCents(text);
  return cents === undefined || cents <= 0 ? 'invalid' : cents;
}

export interface BidButtonInput {
  amount: Cents | 'invalid' | undefined;
  currentBidCents: Cents;
  /** The RLUSD balance; null when unknown (a visitor, or still loading). */
  balanceCents: Cents | null;
  own: boolean;
}

/**
 * Disabled while the field is empty, on one's own item, and with the inline hint '(Too Low)' or '(Low Balance)'. An
 * amount that is not one, or is above the money limit, stays enabled, so pressing the button says why.
 */
export function bidButtonState(i: BidButtonInput): { disabled: boolean; hint: '(Too Low)' | '(Low Balance)' | null } {
  if (i.own || i.amount === undefined) return { disabled: true, hint: null };
  if (i.amount === 'invalid' || i.amount > MAX_AMOUNT_CENTS) return { disabled: false, hint: null };
  const hint = bidInputHint(i.amount, i.currentBidCents, i.balanceCents ?? Number.MAX_SAFE_INTEGER);
  return { disabled: hint !== null, hint };
}

/** What the client can already tell is wrong with a bid: the toast's title and text, or null to send it. */
export function clientBidRefusal(
  amount: Cents | 'invalid' | undefined,
  currentBidCents: Cents,
): [string, string] | null {
  if (amount === undefined || amount === 'invalid') return ['Invalid Bid', INVALID_BID_AMOUNT_MESSAGE];
  if (amount > MAX_AMOUNT_CENTS) return ['Invalid Bid', AMOUNT_TOO_LARGE];
  if (amount < minimumNextBidCents(currentBidCents)) return ['Invalid Bid', bidTooLowMessage(currentBidCents)];
  return null;
}

const isRefusalCode = (code: string): code is BidRefusalCode => (BID_REFUSAL_CODES as readonly string[]).includes(code);

/**
 * A failed POST as its toast: the server's refusals with their titles and the server's own text, a Buy It Now hold
 * with its text, and anything else (network, server fault) 'Bid Failed'.
 */
export function bidFailureToast(error: unknown): [string, string] {
  if (error instanceof ApiError) {
    if (isRefusalCode(error.code)) return [BID_REFUSAL_TITLES[error.code], error.message];
    if (error.code === 'being_bought') return [BID_TOASTS.failed[0], error.message];
  }
  return [BID_TOASTS.failed[0], BID_TOASTS.failed[1]];
}

/** A refusal that means the auction moved on (a higher bid, the end, a Buy It Now hold): read it again. */
export function refusalMeansStale(error: unknown): boolean {
  return error instanceof ApiError && ['too_low', 'auction_ended', 'being_bought'].includes(error.code);
}

/**
 * A bid whose answer was lost keeps its Idempotency-Key until the server has answered it, so it is never placed twice
 * (shared with offers).
 */
export { answered } from '../../../lib/api-error';

export interface PendingBid {
  key: string;
  amountCents: Cents;
}

/** The Idempotency-Key of a submission: the unanswered one's again for the same amount, else a new one. */
export function submissionKey(pending: PendingBid | null, amountCents: Cents, fresh: () => string): PendingBid {
  return pending && pending.amountCents === amountCents ? pending : { key: fresh(), amountCents };
}

/** The auction's public state after a bid (from the POST or the listing's topic). */
export type AuctionUpdate = Pick<BidPlaced, 'currentBidCents' | 'bidCount' | 'endsAt' | 'reserveStatus'>;

/**
 * A listing with a newer bid applied; the same listing when the update is not newer (bids only add to the count, so
 * it orders them: a late or repeated message never rolls the page back). Buy It Now ends with the first bid.
 */
export function withAuctionUpdate(l: ListingDetail, u: AuctionUpdate): ListingDetail {
  if (u.bidCount <= l.bidCount) return l;
  return {
    ...l,
    currentBidCents: u.currentBidCents,
    bidCount: u.bidCount,
    endsAt: u.endsAt,
    reserveStatus: u.reserveStatus,
    buyItNowPriceCents: null,
  };
}
