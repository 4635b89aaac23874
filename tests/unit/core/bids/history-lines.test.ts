import { describe, expect, it } from 'vitest';
import { historyLines } from '../../../../functions/core/bids/list-bids';
import type { BidRecord } from '../../../../functions/core/bids/ports';
import { anAuction, at } from './bid-fixtures';

const line = (bidId: string, bidderId: string, amountCents: number, i: number): BidRecord => ({
  listingId: 'L1',
  bidId,
  bidderId,
  bidderUsername: bidderId.toLowerCase(),
  amountCents,
  at: at(i).toISOString(),
});

const leaderAt = (bidderId: string, maxCents: number, currentBidCents: number) =>
  anAuction({ currentBidCents, leader: { bidderId, maxCents, at: at(1).toISOString() }, bidCount: 2 });

describe('historyLines', () => {
  it("raises the leader's line to the price their proxy answered a later, lower maximum at", () => {
    // A leads at $10.00 with a $20.00 maximum; B's $15.00 maximum is answered at $15.01.
    const bids = [line('B1', 'A', 1_000, 1), line('B2', 'B', 1_500, 2)];
    expect(historyLines(bids, leaderAt('A', 2_000, 1_501)).map((b) => [b.bidId, b.amountCents])).toEqual([
      ['B1', 1_501],
      ['B2', 1_500],
    ]);
  });

  it("raises only the leader's highest line, and leaves everyone else's as placed", () => {
    const bids = [line('B1', 'A', 1_000, 1), line('B2', 'B', 1_200, 2), line('B3', 'A', 1_201, 3)];
    const state = leaderAt('A', 3_000, 1_401);
    const shown = historyLines([...bids, line('B4', 'C', 1_400, 4)], state);
    expect(shown.map((b) => [b.bidId, b.amountCents])).toEqual([
      ['B3', 1_401],
      ['B4', 1_400],
      ['B2', 1_200],
      ['B1', 1_000],
    ]);
  });

  it('puts the leader first on a tie: equal maximums go to the earlier bid', () => {
    // A's $20.00 maximum, then B's equal one: the price is A's maximum, both lines show it, A's first.
    const bids = [line('B2', 'B', 2_000, 2), line('B1', 'A', 1_000, 1)];
    expect(historyLines(bids, leaderAt('A', 2_000, 2_000)).map((b) => [b.bidId, b.amountCents])).toEqual([
      ['B1', 2_000],
      ['B2', 2_000],
    ]);
  });

  it('changes nothing without bids or when the line already shows the price', () => {
    expect(historyLines([], anAuction())).toEqual([]);
    const bids = [line('B1', 'A', 1_000, 1)];
    expect(historyLines(bids, leaderAt('A', 2_000, 1_000))).toEqual(bids);
  });
});
