import type { Cents } from '../../../shared/domain/money';
import { reserveStatusOf, type AuctionState } from './auction-state';
import { takesBidsAt } from './soft-close';

/** An offer to the runner-up after the winner did not pay: at their maximum, the last (highest) amount they bid. */
export interface SecondChance {
  bidderId: string;
  priceCents: Cents;
}

export type AuctionEnding =
  | { kind: 'running' }
  | { kind: 'sold'; winnerId: string; priceCents: Cents; secondChance: SecondChance | null }
  | { kind: 'unsold'; reason: 'no_bids' | 'reserve_not_met'; highBidderId: string | null };

/**
 * The runner-up may be offered the item at their own maximum (never more than they agreed to pay, at most the final
 * price), if that maximum reaches the reserve. Null without a runner-up or below the reserve.
 */
export function secondChanceOffer(state: AuctionState): SecondChance | null {
  const r = state.runnerUp;
  if (!r || reserveStatusOf(state.reservePriceCents, r.maxCents) === 'not_met') return null;
  return { bidderId: r.bidderId, priceCents: r.maxCents };
}

/**
 * How an auction ends (decisions 027 and 029), decided on its final state at or after its end time (the instant bids
 * stop being taken): the leader at or above the reserve buys at the final price; no bids, or the reserve not met, ends
 * it unsold. 'running' before the end.
 */
export function decideAuctionEnd(state: AuctionState, at: Date): AuctionEnding {
  if (takesBidsAt(state.endsAt, at)) return { kind: 'running' };
  const { leader } = state;
  if (!leader || state.currentBidCents === null) return { kind: 'unsold', reason: 'no_bids', highBidderId: null };
  if (reserveStatusOf(state.reservePriceCents, leader.maxCents) === 'not_met') {
    return { kind: 'unsold', reason: 'reserve_not_met', highBidderId: leader.bidderId };
  }
  return {
    kind: 'sold',
    winnerId: leader.bidderId,
    priceCents: state.currentBidCents,
    secondChance: secondChanceOffer(state),
  };
}
