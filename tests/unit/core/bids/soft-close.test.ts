import { describe, expect, it } from 'vitest';
import { softCloseEnd, takesBidsAt } from '../../../../functions/core/bids/soft-close';
import { applyBid, type AcceptedBid } from '../../../../functions/core/bids/bid-rules';
import type { AuctionState } from '../../../../functions/core/bids/auction-state';
import { anAuction, END, RICH } from './bid-fixtures';

const end = Date.parse(END);
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

function accept(state: AuctionState, bidderId: string, maxCents: number, atMs: number, softCloseMs?: number) {
  const result = applyBid(
    state,
    { bidderId, maxCents, at: new Date(atMs), balanceCents: RICH },
    softCloseMs === undefined ? undefined : { incrementCents: 1, softCloseMs },
  );
  if (!result.accepted) throw new Error(result.refusal.message);
  return result as AcceptedBid;
}

describe('soft close', () => {
  it('a bid in the last 2 minutes moves the end to 2 minutes after it', () => {
    const r = accept(anAuction(), 'A', 2000, end - 90_000);
    expect(r.endsAt).toBe(iso(end + 30_000));
    expect(r.state.endsAt).toBe(r.endsAt);
    expect(r.extended).toBe(true);
    const last = accept(anAuction(), 'A', 2000, end - 1);
    expect(last.endsAt).toBe(iso(end - 1 + 2 * MIN));
  });

  it('a bid exactly 2 minutes before the end, or earlier, leaves the end', () => {
    expect(accept(anAuction(), 'A', 2000, end - 2 * MIN).extended).toBe(false);
    expect(accept(anAuction(), 'A', 2000, end - 2 * MIN).endsAt).toBe(END);
    expect(accept(anAuction(), 'A', 2000, end - 2 * MIN - 1).endsAt).toBe(END);
    expect(accept(anAuction(), 'A', 2000, end - 2 * MIN + 1).endsAt).toBe(iso(end + 1));
  });

  it('each answer in the window moves the end again, from the moved end', () => {
    const a = accept(anAuction(), 'A', 2000, end - MIN);
    expect(a.endsAt).toBe(iso(end + MIN));
    const b = accept(a.state, 'B', 2500, end + 30_000);
    expect(b.endsAt).toBe(iso(end + 150_000));
    expect(b.state.endsAt).toBe(iso(end + 150_000));
  });

  it('refuses at the moved end itself', () => {
    const a = accept(anAuction(), 'A', 2000, end - MIN);
    const late = applyBid(a.state, { bidderId: 'B', maxCents: 2500, at: new Date(end + MIN), balanceCents: RICH });
    expect(late.accepted ? 'accepted' : late.refusal.code).toBe('auction_ended');
  });

  it("a leader's raise that changes nothing shown does not move the end; one that meets the reserve does", () => {
    const a = accept(anAuction({ reservePriceCents: 5000 }), 'A', 2000, end - 10 * MIN);
    const quiet = accept(a.state, 'A', 3000, end - MIN);
    expect(quiet.extended).toBe(false);
    expect(quiet.endsAt).toBe(END);
    const met = accept(quiet.state, 'A', 6000, end - MIN);
    expect(met.priceCents).toBe(5000);
    expect(met.extended).toBe(true);
    expect(met.endsAt).toBe(iso(end + MIN));
  });

  it('a bid the proxy beats still moves the end: the price it raised is news', () => {
    const a = accept(anAuction(), 'A', 5000, end - 10 * MIN);
    expect(accept(a.state, 'B', 3000, end - MIN).endsAt).toBe(iso(end + MIN));
  });

  it('the window is a setting', () => {
    expect(accept(anAuction(), 'A', 2000, end - 4 * MIN, 5 * MIN).endsAt).toBe(iso(end + MIN));
    expect(accept(anAuction(), 'A', 2000, end - 10_000, 0).endsAt).toBe(END);
  });

  it('as functions: bids strictly before the end; the end never moves earlier', () => {
    expect(takesBidsAt(END, new Date(end - 1))).toBe(true);
    expect(takesBidsAt(END, new Date(end))).toBe(false);
    expect(softCloseEnd(END, new Date(end - 5 * MIN), 2 * MIN)).toBe(END);
    expect(softCloseEnd(END, new Date(end - 1000), 2 * MIN)).toBe(iso(end + 119_000));
  });
});
