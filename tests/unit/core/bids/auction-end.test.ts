import { describe, expect, it } from 'vitest';
import { decideAuctionEnd, secondChanceOffer } from '../../../../functions/core/bids/auction-end';
import type { AuctionState } from '../../../../functions/core/bids/auction-state';
import { applyBid } from '../../../../functions/core/bids/bid-rules';
import { anAuction, at, END, RICH } from './bid-fixtures';

const end = Date.parse(END);

/** The auction after these bids (bidder, maximum), a second apart from T0. */
function after(bids: [string, number][], over: Partial<AuctionState> = {}) {
  return bids.reduce((state, [bidderId, maxCents], i) => {
    const r = applyBid(state, { bidderId, maxCents, at: at(i), balanceCents: RICH });
    if (!r.accepted) throw new Error(r.refusal.message);
    return r.state;
  }, anAuction(over));
}

describe('how an auction ends', () => {
  it('is still running before its end time, and ends at its very millisecond', () => {
    const state = after([['A', 2000]]);
    expect(decideAuctionEnd(state, new Date(end - 1))).toEqual({ kind: 'running' });
    expect(decideAuctionEnd(state, new Date(end)).kind).toBe('sold');
  });

  it('sells to the leader at the final price, offering the runner-up a second chance at their maximum', () => {
    const state = after([
      ['A', 2000],
      ['B', 1500],
      ['C', 1700],
    ]);
    expect(decideAuctionEnd(state, new Date(end))).toEqual({
      kind: 'sold',
      winnerId: 'A',
      priceCents: 1701,
      secondChance: { bidderId: 'C', priceCents: 1700 },
    });
  });

  it('a lone bidder buys at the starting bid, with no second chance', () => {
    expect(decideAuctionEnd(after([['A', 2000]]), new Date(end))).toEqual({
      kind: 'sold',
      winnerId: 'A',
      priceCents: 1000,
      secondChance: null,
    });
  });

  it('ends unsold without bids', () => {
    expect(decideAuctionEnd(anAuction(), new Date(end))).toEqual({
      kind: 'unsold',
      reason: 'no_bids',
      highBidderId: null,
    });
  });

  it('ends unsold when the reserve is not met, naming the high bidder', () => {
    const state = after(
      [
        ['A', 4999],
        ['B', 3000],
      ],
      { reservePriceCents: 5000 },
    );
    expect(decideAuctionEnd(state, new Date(end + 60_000))).toEqual({
      kind: 'unsold',
      reason: 'reserve_not_met',
      highBidderId: 'A',
    });
  });

  it('sells at the reserve when only the winner reached it, with no second chance below it', () => {
    const state = after(
      [
        ['B', 3000],
        ['A', 8000],
      ],
      { reservePriceCents: 5000 },
    );
    expect(decideAuctionEnd(state, new Date(end))).toEqual({
      kind: 'sold',
      winnerId: 'A',
      priceCents: 5000,
      secondChance: null,
    });
  });

  it('offers the second chance to a runner-up whose maximum reaches the reserve', () => {
    const state = after(
      [
        ['B', 5000],
        ['A', 8000],
      ],
      { reservePriceCents: 5000 },
    );
    expect(state.currentBidCents).toBe(5001);
    expect(secondChanceOffer(state)).toEqual({ bidderId: 'B', priceCents: 5000 });
  });

  it('the runner-up of a tie is the later bidder, at the same maximum', () => {
    const state = after([
      ['A', 2000],
      ['B', 2000],
    ]);
    expect(decideAuctionEnd(state, new Date(end))).toMatchObject({
      winnerId: 'A',
      priceCents: 2000,
      secondChance: { bidderId: 'B', priceCents: 2000 },
    });
  });

  it('a displaced leader is the runner-up at the maximum they last set', () => {
    const state = after([
      ['A', 2000],
      ['A', 2600],
      ['B', 3000],
    ]);
    expect(state.runnerUp).toEqual({ bidderId: 'A', maxCents: 2600, at: at(1).toISOString() });
    expect(secondChanceOffer(state)).toEqual({ bidderId: 'A', priceCents: 2600 });
  });
});
