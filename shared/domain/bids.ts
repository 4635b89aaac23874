import { centsToDecimalString, formatUsd, type Cents } from './money';

/**
 * Bidding rules and texts both sides need (spec part 1 "Bid", its toasts and constants; part 2 "Live bidding";
 * decision 027). The proxy resolution itself, which needs the secret maximums, is server-only: functions/core/bids.
 */

/** The specs' business constants (parts 1 and 2): the minimum bid increment, $0.01. */
export const MIN_BID_INCREMENT_CENTS = 1;

/** Soft close (decision 027): a bid in the last 2 minutes moves the end to 2 minutes after it (a setting's default). */
export const SOFT_CLOSE_DEFAULT_MS = 2 * 60_000;

/** The bid field's step (spec part 1 "Bid" validation). */
export const BID_INPUT_STEP = '0.01';

/** The current bid the panel shows: the price the highest bid holds, else the starting bid, else 0 (spec part 2). */
export function currentBidOf(l: { currentBidCents?: Cents | null; startingBidCents?: Cents | null }): Cents {
  return l.currentBidCents ?? l.startingBidCents ?? 0;
}

/**
 * The lowest maximum a bid may name: strictly above the current bid by the increment (spec part 1 "Bid" validation).
 * Before the first bid the current bid is the starting bid, so a first bid is at least the starting bid plus $0.01.
 */
export function minimumNextBidCents(currentBidCents: Cents, incrementCents: Cents = MIN_BID_INCREMENT_CENTS): Cents {
  return currentBidCents + incrementCents;
}

/** The bid field's `min` attribute, e.g. "10.01". */
export function minimumBidInputValue(currentBidCents: Cents): string {
  return centsToDecimalString(minimumNextBidCents(currentBidCents));
}

/** Whether a hidden reserve exists and the leader's maximum reaches it; the amount itself is never shown. */
export const RESERVE_STATUSES = ['none', 'met', 'not_met'] as const;
export type ReserveStatus = (typeof RESERVE_STATUSES)[number];

/** The panel's reserve line: 'Reserve met', 'Reserve not met', or nothing without a reserve. */
export function reserveText(status: ReserveStatus): 'Reserve met' | 'Reserve not met' | null {
  if (status === 'none') return null;
  return status === 'met' ? 'Reserve met' : 'Reserve not met';
}

/** Why a bid is refused; the server answers with the code, the web maps it to the toast title. */
export const BID_REFUSAL_CODES = [
  'invalid_amount',
  'own_item',
  'auction_ended',
  'too_low',
  'not_above_own_max',
  'insufficient_balance',
] as const;
export type BidRefusalCode = (typeof BID_REFUSAL_CODES)[number];

export const BID_REFUSAL_TITLES: Record<BidRefusalCode, string> = {
  invalid_amount: 'Invalid Bid',
  own_item: 'Cannot Bid on Own Item',
  auction_ended: 'Auction Ended',
  too_low: 'Invalid Bid',
  not_above_own_max: 'Invalid Bid',
  insufficient_balance: 'Insufficient Balance',
};

export const INVALID_BID_AMOUNT_MESSAGE = 'Please enter a valid bid amount';
export const OWN_ITEM_BID_MESSAGE = 'You cannot bid on your own listing.';
export const AUCTION_ENDED_MESSAGE = 'This auction has ended.';

export const bidTooLowMessage = (currentBidCents: Cents) =>
  `Your bid must be higher than the current bid of ${formatUsd(currentBidCents)}`;

/** A leader's new maximum must be above their own (their maximum is theirs to see, never anyone else's). */
export const notAboveOwnMaxMessage = (maxCents: Cents) =>
  `Your maximum bid is already ${formatUsd(maxCents)}. Enter a higher amount to raise it.`;

export const insufficientBalanceMessage = (needCents: Cents, balanceCents: Cents) =>
  `You need ${formatUsd(needCents)} but only have ${formatUsd(balanceCents)} available.`;

/** Toasts and notices of bidding (spec part 2 "Live bidding" and "Error catalogue"). */
export const BID_TOASTS = {
  placed: (maxCents: Cents) =>
    ['Bid Placed Successfully', `Your bid of ${formatUsd(maxCents)} has been placed.`] as const,
  failed: ['Bid Failed', 'There was an error placing your bid. Please try again.'],
  newBid: (priceCents: Cents) => ['New Bid Placed', `Someone bid ${formatUsd(priceCents)}`] as const,
  signedOut: "Unable to place bid. Please ensure you're logged in.",
  historyFailed: 'Failed to fetch bid history',
} as const;

/** The inline hint next to the bid button (spec part 1 "Bid"); too low is named first, it is the one to fix. */
export function bidInputHint(
  amountCents: Cents | undefined,
  currentBidCents: Cents,
  balanceCents: Cents,
): '(Too Low)' | '(Low Balance)' | null {
  if (amountCents === undefined) return null;
  if (amountCents < minimumNextBidCents(currentBidCents)) return '(Too Low)';
  if (amountCents > balanceCents) return '(Low Balance)';
  return null;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A bid's age in the history (spec part 1 "Listing detail page"): 'Just now' under 1 hour, 'N hours ago' under 24
 * hours, else 'N days ago', whole units rounded down; 1 reads '1 hour ago' / '1 day ago'. A time ahead of ours is
 * 'Just now'.
 */
export function bidAge(createdAtIso: string, nowMs: number): string {
  const ms = nowMs - Date.parse(createdAtIso);
  if (!(ms >= HOUR_MS)) return 'Just now';
  if (ms < DAY_MS) {
    const hours = Math.floor(ms / HOUR_MS);
    return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  }
  const days = Math.floor(ms / DAY_MS);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** Where a bidder stands: leading or not while it runs, won or lost once it has ended (decision 030). */
export type BidderStatus = 'winning' | 'outbid' | 'won' | 'lost';

export interface AuctionStanding {
  leaderId: string | null;
  reserve: ReserveStatus;
  endsAt: string;
  /** A listing no longer active (ended by its seller, sold) has ended whatever its end time. */
  active: boolean;
}

/** Ended once the end time has passed (the same instant bids are refused from) or the listing is no longer active. */
export function auctionEnded(a: Pick<AuctionStanding, 'endsAt' | 'active'>, nowMs: number): boolean {
  return !a.active || Date.parse(a.endsAt) <= nowMs;
}

/**
 * A bidder's status: 'winning' while they lead (even below the reserve: the panel says 'Reserve not met' too), else
 * 'outbid'; after the end 'won' only for the leader with the reserve met, everyone else (the leader below the reserve
 * too) 'lost'.
 */
export function bidderStatus(a: AuctionStanding, bidderId: string, nowMs: number): BidderStatus {
  const leads = a.leaderId === bidderId;
  if (!auctionEnded(a, nowMs)) return leads ? 'winning' : 'outbid';
  return leads && a.reserve !== 'not_met' ? 'won' : 'lost';
}

/** My Activity's Bids tab (spec part 3): 'ended' once the auction end has passed, else 'pending'. */
export function activityBidStatus(endsAt: string, nowMs: number): 'ended' | 'pending' {
  return Date.parse(endsAt) <= nowMs ? 'ended' : 'pending';
}

/** The bid panel's line for a bidder (decisions 027 and 029); nothing for someone who lost. */
export function bidderPanelText(status: BidderStatus): string | null {
  switch (status) {
    case 'winning':
      return "You're the highest bidder";
    case 'outbid':
      return "You've been outbid";
    case 'won':
      return 'You won';
    case 'lost':
      return null;
  }
}

/** A line of the bid history as far as its order goes. */
interface HistoryLine {
  id: string;
  amountCents: Cents;
  at: string;
}

/** The history's order: highest amount first; equal amounts to the earlier bid (ties go to the earlier maximum). */
export const byHistoryOrder = (a: HistoryLine, b: HistoryLine) =>
  b.amountCents - a.amountCents || a.at.localeCompare(b.at);

/**
 * The history after an accepted bid (decision 027: the top line is always the leader at the current price). A bid that
 * leads is the new top line at the price. One the leader's proxy beat raised the price: the leader's line, the top one
 * until now, moves up to it. Once per bid id.
 */
export function withAcceptedLine<L extends HistoryLine>(
  lines: readonly L[],
  line: L,
  priceCents: Cents,
  leads: boolean,
): L[] {
  const sorted = [...lines].sort(byHistoryOrder);
  const top = sorted[0];
  if (!leads && top && top.amountCents < priceCents) sorted[0] = { ...top, amountCents: priceCents };
  return [...sorted, line].sort(byHistoryOrder);
}
