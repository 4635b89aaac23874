import { describe, expect, it } from 'vitest';
import { withBid } from '../../web/src/domains/bids/api';
import {
  answered,
  bidButtonState,
  bidFailureToast,
  clientBidRefusal,
  parseBidInput,
  refusalMeansStale,
  submissionKey,
  withAuctionUpdate,
} from '../../web/src/features/listings/lib/bid-form';
import { ApiError } from '../../web/src/lib/api-error';
import { listingDetail } from './support/listing-fixture';

describe('parseBidInput', () => {
  it.each([
    ['', undefined],
    ['   ', undefined],
    ['12', 1200],
    ['12.3', 1230],
    ['12.34', 1234],
    ['0.01', 1],
    ['0', 'invalid'],
    ['0.00', 'invalid'],
    ['-5', 'invalid'],
    ['12.345', 'invalid'],
    ['1e3', 'invalid'],
    ['abc', 'invalid'],
  ] as const)('%j -> %j', (text, cents) => {
    expect(parseBidInput(text)).toBe(cents);
  });
});

describe('bidButtonState (spec part 1 bid rules)', () => {
  const base = { currentBidCents: 1_000, balanceCents: 5_000, own: false };
  it('is disabled while the field is empty and on one’s own item, with no hint', () => {
    expect(bidButtonState({ ...base, amount: undefined })).toEqual({ disabled: true, hint: null });
    expect(bidButtonState({ ...base, amount: 2_000, own: true })).toEqual({ disabled: true, hint: null });
  });
  it("says '(Too Low)' at or under the current bid, '(Low Balance)' above the balance", () => {
    expect(bidButtonState({ ...base, amount: 1_000 })).toEqual({ disabled: true, hint: '(Too Low)' });
    expect(bidButtonState({ ...base, amount: 1_001 })).toEqual({ disabled: false, hint: null });
    expect(bidButtonState({ ...base, amount: 5_000 })).toEqual({ disabled: false, hint: null });
    expect(bidButtonState({ ...base, amount: 5_001 })).toEqual({ disabled: true, hint: '(Low Balance)' });
    // Too low is the one to fix first.
    expect(bidButtonState({ ...base, amount: 900, balanceCents: 100 })).toEqual({ disabled: true, hint: '(Too Low)' });
  });
  it('leaves the balance to the server when it is unknown (a visitor, or not read yet)', () => {
    expect(bidButtonState({ ...base, balanceCents: null, amount: 99_999_999 })).toEqual({
      disabled: false,
      hint: null,
    });
  });
  it('stays enabled for an amount that is not one, or above the money limit, so pressing says why', () => {
    expect(bidButtonState({ ...base, amount: 'invalid' })).toEqual({ disabled: false, hint: null });
    expect(bidButtonState({ ...base, amount: 100_000_001 })).toEqual({ disabled: false, hint: null });
  });
});

describe('clientBidRefusal', () => {
  it("gives the spec's Invalid Bid texts, or null to send the bid", () => {
    expect(clientBidRefusal('invalid', 1_000)).toEqual(['Invalid Bid', 'Please enter a valid bid amount']);
    expect(clientBidRefusal(undefined, 1_000)).toEqual(['Invalid Bid', 'Please enter a valid bid amount']);
    expect(clientBidRefusal(parseBidInput('1000000.01'), 1_000)).toEqual([
      'Invalid Bid',
      'Amounts can be at most $1,000,000.00',
    ]);
    expect(clientBidRefusal(parseBidInput('1000000.00'), 1_000)).toBeNull();
    expect(clientBidRefusal(1_000, 1_000)).toEqual([
      'Invalid Bid',
      'Your bid must be higher than the current bid of $10.00',
    ]);
    expect(clientBidRefusal(1_001, 1_000)).toBeNull();
  });
});

describe('bidFailureToast and what a failure means', () => {
  const refused = (code: string, message: string, status = 409) => new ApiError(code, message, status);
  it("shows the server's refusals under their spec titles, with the server's text", () => {
    expect(bidFailureToast(refused('own_item', 'You cannot bid on your own listing.', 403))).toEqual([
      'Cannot Bid on Own Item',
      'You cannot bid on your own listing.',
    ]);
    expect(bidFailureToast(refused('insufficient_balance', 'You need $50.00 but only have $3.00 available.'))).toEqual([
      'Insufficient Balance',
      'You need $50.00 but only have $3.00 available.',
    ]);
    expect(bidFailureToast(refused('too_low', 'Your bid must be higher than the current bid of $12.00'))).toEqual([
      'Invalid Bid',
      'Your bid must be higher than the current bid of $12.00',
    ]);
    expect(bidFailureToast(refused('auction_ended', 'This auction has ended.'))[0]).toBe('Auction Ended');
    expect(bidFailureToast(refused('being_bought', 'This item is being bought with Buy It Now.'))).toEqual([
      'Bid Failed',
      'This item is being bought with Buy It Now.',
    ]);
  });
  it("says 'Bid Failed' – 'There was an error placing your bid. Please try again.' for anything else", () => {
    const failed = ['Bid Failed', 'There was an error placing your bid. Please try again.'];
    expect(bidFailureToast(new ApiError('network_error', 'Could not reach the server', 0))).toEqual(failed);
    expect(bidFailureToast(refused('internal', 'boom', 500))).toEqual(failed);
    expect(bidFailureToast(new Error('x'))).toEqual(failed);
  });
  it('knows which answers are final (the key may go) and which mean the auction moved on', () => {
    expect(answered(refused('too_low', 'x'))).toBe(true);
    expect(answered(refused('invalid_amount', 'x', 400))).toBe(true);
    expect(answered(refused('idempotency_in_progress', 'x'))).toBe(false);
    expect(answered(refused('too_many_requests', 'x', 429))).toBe(false);
    expect(answered(refused('internal', 'x', 500))).toBe(false);
    expect(answered(new ApiError('network_error', 'x', 0))).toBe(false);
    expect(refusalMeansStale(refused('too_low', 'x'))).toBe(true);
    expect(refusalMeansStale(refused('auction_ended', 'x'))).toBe(true);
    expect(refusalMeansStale(refused('not_above_own_max', 'x'))).toBe(false);
  });
});

describe('submissionKey', () => {
  let n = 0;
  const fresh = () => `K${++n}`;
  it('keeps the unanswered submission’s key for the same amount, and makes a new one otherwise', () => {
    const first = submissionKey(null, 1_500, fresh);
    expect(submissionKey(first, 1_500, fresh)).toBe(first);
    const other = submissionKey(first, 1_600, fresh);
    expect(other.key).not.toBe(first.key);
    expect(other.amountCents).toBe(1_600);
  });
});

describe('applying a bid to the page', () => {
  const auction = listingDetail({
    listingType: 'auction',
    priceCents: null,
    startingBidCents: 1_000,
    buyItNowPriceCents: 9_000,
    bidCount: 2,
    currentBidCents: 1_500,
    endsAt: '2026-07-02T12:00:00.000Z',
  });
  const update = {
    currentBidCents: 1_601,
    bidCount: 3,
    endsAt: '2026-07-02T12:02:00.000Z',
    reserveStatus: 'met' as const,
  };
  it('moves price, count, end and reserve line, and Buy It Now goes', () => {
    expect(withAuctionUpdate(auction, update)).toMatchObject({ ...update, buyItNowPriceCents: null });
  });
  it('never rolls the page back for an older or repeated message', () => {
    expect(withAuctionUpdate(auction, { ...update, bidCount: 2 })).toBe(auction);
    expect(withAuctionUpdate(auction, { ...update, bidCount: 1 })).toBe(auction);
  });
  it('adds a history line once, keeping the leader on top at the current price', () => {
    const line = (id: string, amountCents: number, at = '2026-07-01T12:00:00.000Z') => ({
      id,
      bidderUsername: id.toLowerCase(),
      amountCents,
      at,
    });
    const history = { items: [line('A', 2_000), line('B', 1_000)] };
    // C's $15.00 maximum takes the lead at $20.01.
    const added = withBid(history, line('C', 2_001), 2_001, true);
    expect(added?.items.map((b) => [b.id, b.amountCents])).toEqual([
      ['C', 2_001],
      ['A', 2_000],
      ['B', 1_000],
    ]);
    expect(withBid(added, line('C', 2_001), 2_001, true)).toBe(added);
    expect(withBid(undefined, line('C', 1_500), 2_001, true)).toBeUndefined();
    // D's $25.00 maximum is beaten by C's proxy at $25.01: C's line rises to it, D's shows its maximum.
    const beaten = withBid(added, line('D', 2_500, '2026-07-01T12:01:00.000Z'), 2_501, false);
    expect(beaten?.items.map((b) => [b.id, b.amountCents])).toEqual([
      ['C', 2_501],
      ['D', 2_500],
      ['A', 2_000],
      ['B', 1_000],
    ]);
    // A tie: the later equal maximum is beaten at that amount, the leader's earlier line first.
    const tie = withBid(beaten, line('E', 2_501, '2026-07-01T12:02:00.000Z'), 2_501, false);
    expect(tie?.items.slice(0, 2).map((b) => b.id)).toEqual(['C', 'E']);
  });
});
