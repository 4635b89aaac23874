import { describe, expect, it } from 'vitest';
import {
  AUCTION_END_MESSAGES,
  auctionEndProblem,
  auctionEndTooSoon,
  earliestAuctionEnd,
  MIN_AUCTION_MINUTES,
} from '../../shared/domain/auction-end';

const at = new Date('2026-06-01T12:00:00Z');
const plus = (minutes: number) => new Date(at.getTime() + minutes * 60_000);

describe('the shortest auction (one rule for the server and the wizard)', () => {
  it('takes an end at least the minimum ahead, and refuses one sooner', () => {
    expect(MIN_AUCTION_MINUTES).toBe(5);
    expect(earliestAuctionEnd(at)).toEqual(plus(5));
    expect(auctionEndTooSoon(plus(4.99), at)).toBe(true);
    expect(auctionEndTooSoon(plus(5), at)).toBe(false);
  });

  it("says what the server says: past, or the field's 'at least 5 minutes'", () => {
    expect(auctionEndProblem(plus(-1), at)).toBe(AUCTION_END_MESSAGES.past);
    expect(auctionEndProblem(at, at)).toBe('The auction end date cannot be in the past');
    expect(auctionEndProblem(plus(2), at)).toBe('Choose a time at least 5 minutes from now');
    expect(auctionEndProblem(plus(5), at)).toBeUndefined();
    expect(auctionEndProblem(new Date(Number.NaN), at)).toBe(AUCTION_END_MESSAGES.past);
  });
});
