import { currentBidOf, minimumNextBidCents, type ReserveStatus } from '../../../shared/domain/bids';
import type { Cents } from '../../../shared/domain/money';
import {
  DEFAULT_BIDDING_SETTINGS,
  proxyPriceCents,
  reserveStatusOf,
  type AuctionState,
  type BidderMax,
  type BiddingSettings,
} from './auction-state';
import { bidRefusal, type BidRefusal } from './bid-refusal';
import { softCloseEnd, takesBidsAt } from './soft-close';

export interface BidAttempt {
  bidderId: string;
  /** The amount entered: the bidder's secret maximum, in cents. */
  maxCents: number;
  /** When the server took the bid (its Clock), never the client's time. */
  at: Date;
  /** The bidder's RLUSD balance, read from the ledger by the server. */
  balanceCents: Cents;
}

/**
 * first_bid: the auction's first bid leads. took_lead: a maximum above the leader's takes the lead. outbid_by_proxy:
 * a maximum at or below the leader's only raises the price (the leader's proxy answers at once). raised_max: the
 * leader raised their own maximum.
 */
export type BidOutcome = 'first_bid' | 'took_lead' | 'outbid_by_proxy' | 'raised_max';

export interface AcceptedBid {
  accepted: true;
  /** The state to write, conditionally on the one read (its version and end time). */
  state: AuctionState;
  outcome: BidOutcome;
  /** Whether the bidder leads after this bid ("You're the highest bidder" / "You've been outbid"). */
  leading: boolean;
  /** Who lost the lead to this bid (to notify), null when the lead did not change hands. */
  outbidBidderId: string | null;
  priceCents: Cents;
  previousPriceCents: Cents | null;
  reserve: ReserveStatus;
  /** The end after soft close, and whether this bid moved it. */
  endsAt: string;
  extended: boolean;
  /** The first bid on a listing with a Buy It Now price: buying it now is over (take it off the listing's facets). */
  buyItNowRemoved: boolean;
  /**
   * What the bid history shows for this bid: the price it leads at, or, beaten by the leader's proxy, its own maximum
   * (no longer a secret: the price now shows it beaten).
   */
  historyAmountCents: Cents;
}

export interface RefusedBid {
  accepted: false;
  refusal: BidRefusal;
}

export type BidResult = AcceptedBid | RefusedBid;

/** Why this bid can't be taken now, in the order the bidder should hear it; null when it can. */
export function checkBid(
  state: AuctionState,
  bid: BidAttempt,
  settings: BiddingSettings = DEFAULT_BIDDING_SETTINGS,
): BidRefusal | null {
  if (!Number.isSafeInteger(bid.maxCents) || bid.maxCents <= 0) return bidRefusal({ code: 'invalid_amount' });
  if (bid.bidderId === state.sellerId) return bidRefusal({ code: 'own_item' });
  if (state.status !== 'active' || !takesBidsAt(state.endsAt, bid.at)) return bidRefusal({ code: 'auction_ended' });
  const current = currentBidOf(state);
  if (bid.maxCents < minimumNextBidCents(current, settings.incrementCents)) {
    return bidRefusal({ code: 'too_low', currentBidCents: current });
  }
  if (state.leader?.bidderId === bid.bidderId && bid.maxCents <= state.leader.maxCents) {
    return bidRefusal({ code: 'not_above_own_max', maxCents: state.leader.maxCents });
  }
  if (bid.balanceCents < bid.maxCents) {
    return bidRefusal({ code: 'insufficient_balance', needCents: bid.maxCents, balanceCents: bid.balanceCents });
  }
  return null;
}

/** The two highest maximums after this bid, ties to the earlier: a maximum already held beats an equal new one. */
function rank(
  state: AuctionState,
  entry: BidderMax,
): { leader: BidderMax; runnerUp: BidderMax | null; outcome: BidOutcome } {
  const { leader, runnerUp } = state;
  if (!leader) return { leader: entry, runnerUp: null, outcome: 'first_bid' };
  if (leader.bidderId === entry.bidderId) return { leader: entry, runnerUp, outcome: 'raised_max' };
  if (entry.maxCents > leader.maxCents) return { leader: entry, runnerUp: leader, outcome: 'took_lead' };
  const keeps = runnerUp && runnerUp.bidderId !== entry.bidderId && runnerUp.maxCents >= entry.maxCents;
  return { leader, runnerUp: keeps ? runnerUp : entry, outcome: 'outbid_by_proxy' };
}

/**
 * Places a bid by the proxy rules (decision 027): the amount is the bidder's secret maximum; the price rises
 * only as far as proxyPriceCents says; a bid in the soft-close window moves the end when it changes what bidders see
 * (the price, the leader or the reserve line). Pure: the time and the balance are inputs.
 */
export function applyBid(
  state: AuctionState,
  bid: BidAttempt,
  settings: BiddingSettings = DEFAULT_BIDDING_SETTINGS,
): BidResult {
  const refusal = checkBid(state, bid, settings);
  if (refusal) return { accepted: false, refusal };

  const entry: BidderMax = { bidderId: bid.bidderId, maxCents: bid.maxCents, at: bid.at.toISOString() };
  const { leader, runnerUp, outcome } = rank(state, entry);
  const priceCents = proxyPriceCents(
    {
      leaderMaxCents: leader.maxCents,
      secondMaxCents: runnerUp?.maxCents ?? null,
      reservePriceCents: state.reservePriceCents,
      startingBidCents: state.startingBidCents,
    },
    settings.incrementCents,
  );
  const reserve = reserveStatusOf(state.reservePriceCents, leader.maxCents);
  const previousLeaderId = state.leader?.bidderId ?? null;
  const leaderChanged = previousLeaderId !== leader.bidderId;
  const visible =
    leaderChanged ||
    priceCents !== state.currentBidCents ||
    reserve !== reserveStatusOf(state.reservePriceCents, state.leader?.maxCents ?? null);
  const endsAt = visible ? softCloseEnd(state.endsAt, bid.at, settings.softCloseMs) : state.endsAt;
  const leading = leader.bidderId === bid.bidderId;

  return {
    accepted: true,
    state: { ...state, currentBidCents: priceCents, bidCount: state.bidCount + 1, leader, runnerUp, endsAt },
    outcome,
    leading,
    outbidBidderId: leaderChanged ? previousLeaderId : null,
    priceCents,
    previousPriceCents: state.currentBidCents,
    reserve,
    endsAt,
    extended: endsAt !== state.endsAt,
    buyItNowRemoved: state.bidCount === 0 && (state.buyItNowPriceCents ?? 0) > 0,
    historyAmountCents: leading ? priceCents : bid.maxCents,
  };
}
