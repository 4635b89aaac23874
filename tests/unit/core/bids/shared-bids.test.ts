import { describe, expect, it } from 'vitest';
import {
  activityBidStatus,
  auctionEnded,
  BID_REFUSAL_CODES,
  BID_REFUSAL_TITLES,
  BID_TOASTS,
  bidAge,
  bidderPanelText,
  bidderStatus,
  bidInputHint,
  currentBidOf,
  minimumBidInputValue,
  minimumNextBidCents,
  reserveText,
  type AuctionStanding,
} from '../../../../shared/domain/bids';

const NOW = Date.parse('2026-07-01T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const H = 3_600_000;

describe('the current and minimum next bid', () => {
  it('the current bid is the price held, else the starting bid, else 0', () => {
    expect(currentBidOf({ currentBidCents: 1501, startingBidCents: 1000 })).toBe(1501);
    expect(currentBidOf({ currentBidCents: null, startingBidCents: 1000 })).toBe(1000);
    expect(currentBidOf({})).toBe(0);
  });

  it('the next bid is at least the current bid plus $0.01, written for the field', () => {
    expect(minimumNextBidCents(1000)).toBe(1001);
    expect(minimumNextBidCents(1000, 25)).toBe(1025);
    expect(minimumBidInputValue(1000)).toBe('10.01');
    expect(minimumBidInputValue(99)).toBe('1.00');
    expect(minimumBidInputValue(0)).toBe('0.01');
    expect(minimumBidInputValue(123_456_799)).toBe('1234568.00');
  });

  it("hints '(Too Low)' first, then '(Low Balance)'; nothing for an empty field", () => {
    expect(bidInputHint(undefined, 1000, 0)).toBeNull();
    expect(bidInputHint(1000, 1000, 5000)).toBe('(Too Low)');
    expect(bidInputHint(1000, 1000, 0)).toBe('(Too Low)');
    expect(bidInputHint(1001, 1000, 1000)).toBe('(Low Balance)');
    expect(bidInputHint(1001, 1000, 1001)).toBeNull();
  });
});

describe('bid texts', () => {
  it('has a toast title for every refusal code', () => {
    expect(Object.keys(BID_REFUSAL_TITLES).sort()).toEqual([...BID_REFUSAL_CODES].sort());
    expect(BID_REFUSAL_TITLES.own_item).toBe('Cannot Bid on Own Item');
    expect(BID_REFUSAL_TITLES.too_low).toBe('Invalid Bid');
    expect(BID_REFUSAL_TITLES.insufficient_balance).toBe('Insufficient Balance');
  });

  it('writes the success, failure and live toasts as the spec does', () => {
    expect(BID_TOASTS.placed(1234)).toEqual(['Bid Placed Successfully', 'Your bid of $12.34 has been placed.']);
    expect(BID_TOASTS.failed).toEqual(['Bid Failed', 'There was an error placing your bid. Please try again.']);
    expect(BID_TOASTS.newBid(150_000)).toEqual(['New Bid Placed', 'Someone bid $1,500.00']);
  });

  it('reserve lines only when there is a reserve', () => {
    expect(reserveText('met')).toBe('Reserve met');
    expect(reserveText('not_met')).toBe('Reserve not met');
    expect(reserveText('none')).toBeNull();
  });
});

describe('bid ages in the history', () => {
  it.each([
    [0, 'Just now'],
    [H - 1, 'Just now'],
    [-5 * 60_000, 'Just now'],
    [H, '1 hour ago'],
    [2 * H - 1, '1 hour ago'],
    [2 * H, '2 hours ago'],
    [24 * H - 1, '23 hours ago'],
    [24 * H, '1 day ago'],
    [48 * H, '2 days ago'],
    [400 * 24 * H, '400 days ago'],
  ])('%d ms ago reads %s', (ms, text) => {
    expect(bidAge(ago(ms), NOW)).toBe(text);
  });
});

describe("a bidder's status", () => {
  const running: AuctionStanding = {
    leaderId: 'A',
    reserve: 'none',
    endsAt: new Date(NOW + 1).toISOString(),
    active: true,
  };
  const over = { ...running, endsAt: new Date(NOW).toISOString() };

  it('winning or outbid while it runs (leading below the reserve is still winning)', () => {
    expect(bidderStatus(running, 'A', NOW)).toBe('winning');
    expect(bidderStatus({ ...running, reserve: 'not_met' }, 'A', NOW)).toBe('winning');
    expect(bidderStatus(running, 'B', NOW)).toBe('outbid');
  });

  it('won or lost once ended, at the end time itself or when the listing is no longer active', () => {
    expect(bidderStatus(over, 'A', NOW)).toBe('won');
    expect(bidderStatus({ ...over, reserve: 'met' }, 'A', NOW)).toBe('won');
    expect(bidderStatus({ ...over, reserve: 'not_met' }, 'A', NOW)).toBe('lost');
    expect(bidderStatus(over, 'B', NOW)).toBe('lost');
    expect(bidderStatus({ ...running, active: false }, 'A', NOW)).toBe('won');
    expect(auctionEnded(running, NOW)).toBe(false);
    expect(auctionEnded(over, NOW)).toBe(true);
  });

  it("the panel's line for each status", () => {
    expect(bidderPanelText('winning')).toBe("You're the highest bidder");
    expect(bidderPanelText('outbid')).toBe("You've been outbid");
    expect(bidderPanelText('won')).toBe('You won');
    expect(bidderPanelText('lost')).toBeNull();
  });

  it("My Activity's Bids tab: 'ended' once past the end, else 'pending'", () => {
    expect(activityBidStatus(new Date(NOW + 1).toISOString(), NOW)).toBe('pending');
    expect(activityBidStatus(new Date(NOW).toISOString(), NOW)).toBe('ended');
  });
});
