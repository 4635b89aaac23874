import { describe, expect, it } from 'vitest';
import type { AuctionState } from '../../../functions/core/bids/auction-state';
import { applyBid } from '../../../functions/core/bids/bid-rules';
import { bidTooLowMessage, notAboveOwnMaxMessage } from '../../../shared/domain/bids';
import { checkHotAuction, type SentBid } from '../../fixtures/hot-auction-invariant';

const initial: AuctionState = {
  sellerId: 'seller',
  status: 'active',
  startingBidCents: 1_000,
  reservePriceCents: null,
  buyItNowPriceCents: null,
  endsAt: '2030-01-01T00:00:00.000Z',
  currentBidCents: null,
  bidCount: 0,
  leader: null,
  runnerUp: null,
};
const at = '2029-01-01T00:00:00.000Z';

/** Alice bids 1,200 (placed at the starting bid, 1,000), then Bob's bids are refused with the answers given. */
function run(refusals: { maxCents: number; code: string; message: string; bidderId?: string }[]) {
  const placed = applyBid(initial, { bidderId: 'alice', maxCents: 1_200, at: new Date(at), balanceCents: 10_000 });
  if (!placed.accepted) throw new Error('the first bid is refused');
  const sent: SentBid[] = [
    {
      bidderId: 'alice',
      maxCents: 1_200,
      idempotencyKey: 'a1',
      status: 201,
      body: {
        bidCount: 1,
        currentBidCents: placed.priceCents,
        leading: true,
        bid: { id: 'b1', bidderUsername: 'alice', amountCents: placed.historyAmountCents, at },
      },
    },
    ...refusals.map((r, i) => ({
      bidderId: r.bidderId ?? 'bob',
      maxCents: r.maxCents,
      idempotencyKey: `r${i}`,
      status: 409,
      body: { error: { code: r.code, message: r.message } },
    })),
  ];
  return checkHotAuction({
    initial,
    sent,
    final: placed.state,
    stored: [{ bidId: 'b1', bidderId: 'alice', amountCents: placed.historyAmountCents, at }],
  });
}

describe('the hot-auction invariant: wrongly refused bids', () => {
  it('counts none when each refusal was right on the state its answer names', () => {
    const check = run([
      { maxCents: 1_000, code: 'too_low', message: bidTooLowMessage(1_000) },
      { maxCents: 900, code: 'too_low', message: bidTooLowMessage(1_000) },
      { maxCents: 1_150, code: 'not_above_own_max', message: notAboveOwnMaxMessage(1_200), bidderId: 'alice' },
    ]);
    expect(check.violations).toEqual([]);
    expect(check.wronglyRefused).toBe(0);
  });

  it('counts a maximum that beat the price or own maximum it was refused on, and a price the auction never had', () => {
    const check = run([
      { maxCents: 1_001, code: 'too_low', message: bidTooLowMessage(999) },
      { maxCents: 1_300, code: 'not_above_own_max', message: notAboveOwnMaxMessage(1_200), bidderId: 'alice' },
      { maxCents: 1_000, code: 'too_low', message: bidTooLowMessage(1_050) },
    ]);
    expect(check.wronglyRefused).toBe(2);
    expect(check.violations.some((v) => v.includes('never had'))).toBe(true);
  });
});
