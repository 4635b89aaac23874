import { describe, expect, it } from 'vitest';
import { bidRefusalError } from '../../../../functions/core/bids/bid-refusal';
import { checkBid, applyBid, type BidAttempt } from '../../../../functions/core/bids/bid-rules';
import { AppError } from '../../../../functions/lib/errors';
import { anAuction, at, END, RICH } from './bid-fixtures';

const bid = (over: Partial<BidAttempt> = {}): BidAttempt => ({
  bidderId: 'A',
  maxCents: 2000,
  at: at(0),
  balanceCents: RICH,
  ...over,
});

/** A leads with a $20.00 maximum at $10.00, then B's $15.00 makes the price $15.01. */
function contested() {
  const a = applyBid(anAuction(), bid());
  if (!a.accepted) throw new Error('refused');
  const b = applyBid(a.state, bid({ bidderId: 'B', maxCents: 1500, at: at(1) }));
  if (!b.accepted) throw new Error('refused');
  return b.state;
}

describe('bid refusals, with the spec texts', () => {
  it.each([0, -100, 10.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])(
    "refuses %s cents as 'Invalid Bid' – 'Please enter a valid bid amount'",
    (maxCents) => {
      expect(checkBid(anAuction(), bid({ maxCents }))).toEqual({
        code: 'invalid_amount',
        kind: 'invalid',
        title: 'Invalid Bid',
        message: 'Please enter a valid bid amount',
      });
    },
  );

  it("refuses the seller: 'Cannot Bid on Own Item'", () => {
    expect(checkBid(anAuction(), bid({ bidderId: 'S' }))).toMatchObject({
      code: 'own_item',
      kind: 'forbidden',
      title: 'Cannot Bid on Own Item',
    });
  });

  it('refuses a bid not strictly above the current bid, naming it', () => {
    expect(checkBid(anAuction(), bid({ maxCents: 1000 }))).toEqual({
      code: 'too_low',
      kind: 'invalid_state',
      title: 'Invalid Bid',
      message: 'Your bid must be higher than the current bid of $10.00',
    });
    expect(checkBid(anAuction(), bid({ maxCents: 1001 }))).toBeNull();
    const state = contested();
    expect(checkBid(state, bid({ bidderId: 'C', maxCents: 1501 }))?.message).toBe(
      'Your bid must be higher than the current bid of $15.01',
    );
    expect(checkBid(state, bid({ bidderId: 'C', maxCents: 1502 }))).toBeNull();
    expect(checkBid(anAuction({ currentBidCents: 123_456_78, bidCount: 3 }), bid({ maxCents: 1 }))?.message).toBe(
      'Your bid must be higher than the current bid of $123,456.78',
    );
  });

  it("refuses a leader's maximum not above their own, telling them theirs", () => {
    const state = contested();
    expect(checkBid(state, bid({ maxCents: 2000 }))).toEqual({
      code: 'not_above_own_max',
      kind: 'invalid_state',
      title: 'Invalid Bid',
      message: 'Your maximum bid is already $20.00. Enter a higher amount to raise it.',
    });
    expect(checkBid(state, bid({ maxCents: 2001 }))).toBeNull();
  });

  it("refuses a maximum above the bidder's balance: 'Insufficient Balance'", () => {
    expect(checkBid(anAuction(), bid({ maxCents: 2000, balanceCents: 1999 }))).toEqual({
      code: 'insufficient_balance',
      kind: 'invalid_state',
      title: 'Insufficient Balance',
      message: 'You need $20.00 but only have $19.99 available.',
    });
    expect(checkBid(anAuction(), bid({ maxCents: 2000, balanceCents: 2000 }))).toBeNull();
  });

  it('refuses bids at or after the end, and on a listing no longer active', () => {
    const ended = {
      code: 'auction_ended',
      kind: 'invalid_state',
      title: 'Auction Ended',
      message: 'This auction has ended.',
    };
    const end = Date.parse(END);
    expect(checkBid(anAuction(), bid({ at: new Date(end) }))).toEqual(ended);
    expect(checkBid(anAuction(), bid({ at: new Date(end + 1) }))).toEqual(ended);
    expect(checkBid(anAuction(), bid({ at: new Date(end - 1) }))).toBeNull();
    for (const status of ['sold', 'ended', 'expired', 'deleted'] as const) {
      expect(checkBid(anAuction({ status }), bid())?.code).toBe('auction_ended');
    }
  });

  it('names the first problem: amount, seller, end, too low, own maximum, balance', () => {
    const over = anAuction({ endsAt: at(0).toISOString() });
    expect(checkBid(over, bid({ bidderId: 'S', maxCents: -1 }))?.code).toBe('invalid_amount');
    expect(checkBid(over, bid({ bidderId: 'S', maxCents: 1, balanceCents: 0 }))?.code).toBe('own_item');
    expect(checkBid(over, bid({ maxCents: 1, balanceCents: 0 }))?.code).toBe('auction_ended');
    expect(checkBid(anAuction(), bid({ maxCents: 1, balanceCents: 0 }))?.code).toBe('too_low');
    expect(checkBid(contested(), bid({ maxCents: 1900, balanceCents: 0 }))?.code).toBe('not_above_own_max');
  });

  it('returns the refusal instead of a state, and leaves the state as it was', () => {
    const state = contested();
    const before = structuredClone(state);
    expect(applyBid(state, bid({ bidderId: 'C', maxCents: 1000 }))).toEqual({
      accepted: false,
      refusal: expect.objectContaining({ code: 'too_low' }),
    });
    expect(state).toEqual(before);
  });

  it('becomes the AppError a handler throws: status, code, the description as message', () => {
    const refusal = checkBid(anAuction(), bid({ bidderId: 'S' }));
    if (!refusal) throw new Error('accepted');
    const error = bidRefusalError(refusal);
    expect(error).toBeInstanceOf(AppError);
    expect({ status: error.status, code: error.code, message: error.message }).toEqual({
      status: 403,
      code: 'own_item',
      message: 'You cannot bid on your own listing.',
    });
  });
});
