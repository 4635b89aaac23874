import { describe, expect, it } from 'vitest';
import { decideAuctionEnd } from '../../../../functions/core/bids/auction-end';
import type { AuctionState, BiddingSettings } from '../../../../functions/core/bids/auction-state';
import { checkBid, applyBid } from '../../../../functions/core/bids/bid-rules';
import { anAuction, T0 } from './bid-fixtures';

/** mulberry32: a small seeded PRNG, so a failing sequence can be replayed from its seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  return { next, int, pick };
}

/** Every accepted maximum by bidder: a bidder's latest (and highest) maximum and the order it was accepted in. */
type Model = Map<string, { maxCents: number; seq: number }>;

/** The leader and runner-up from all accepted bids: highest maximum first, equal maximums to the earlier one. */
function ranked(model: Model) {
  return [...model.entries()]
    .map(([bidderId, m]) => ({ bidderId, ...m }))
    .sort((x, y) => y.maxCents - x.maxCents || x.seq - y.seq);
}

/** The expected price, written out again from the rule rather than taken from the code under test. */
function expectedPrice(state: AuctionState, leaderMax: number, secondMax: number | undefined, inc: number) {
  const reserve = state.reservePriceCents;
  const candidates = [state.startingBidCents];
  if (secondMax !== undefined) candidates.push(secondMax + inc);
  if (reserve && leaderMax >= reserve) candidates.push(reserve);
  return Math.min(leaderMax, Math.max(...candidates));
}

function runSequence(seed: number) {
  const r = prng(seed);
  const start = r.int(1, 5000);
  const settings: BiddingSettings = {
    incrementCents: r.pick([1, 1, 1, 5, 25]),
    softCloseMs: r.pick([0, 60_000, 120_000]),
  };
  const reserve = r.next() < 0.5 ? null : r.int(start, start * 4);
  let state = anAuction({
    startingBidCents: start,
    reservePriceCents: reserve,
    endsAt: new Date(T0 + 10 * 60_000).toISOString(),
  });
  const bidders = ['S', ...Array.from({ length: r.int(2, 7) }, (_, i) => `U${i}`)];
  const model: Model = new Map();
  let now = T0;
  let accepted = 0;
  let refused = 0;
  const seen = { ties: 0, raises: 0, extensions: 0, reserveMet: 0, ended: 0 };

  for (let step = 0; step < 80; step++) {
    now += r.int(0, 25_000);
    const bidderId = r.next() < 0.05 ? 'S' : r.pick(bidders.slice(1));
    const current = state.currentBidCents ?? state.startingBidCents;
    const min = current + settings.incrementCents;
    const maxCents = r.pick([
      min,
      min - 1,
      min + r.int(0, 50),
      min + r.int(0, 3000),
      state.leader?.maxCents ?? min,
      (state.leader?.maxCents ?? min) + 1,
      state.runnerUp?.maxCents ?? min,
      reserve ?? min,
      (reserve ?? min) - 1,
      r.pick([0, -5, 10.5]),
    ]);
    const balanceCents = r.next() < 0.1 ? r.int(0, maxCents) : Number.MAX_SAFE_INTEGER;
    const bid = { bidderId, maxCents, at: new Date(now), balanceCents };

    const expectedRefusal =
      !Number.isSafeInteger(maxCents) || maxCents <= 0
        ? 'invalid_amount'
        : bidderId === 'S'
          ? 'own_item'
          : now >= Date.parse(state.endsAt)
            ? 'auction_ended'
            : maxCents < min
              ? 'too_low'
              : state.leader?.bidderId === bidderId && maxCents <= state.leader.maxCents
                ? 'not_above_own_max'
                : balanceCents < maxCents
                  ? 'insufficient_balance'
                  : null;
    expect(checkBid(state, bid, settings)?.code ?? null, `seed ${seed} step ${step}`).toBe(expectedRefusal);

    const result = applyBid(state, bid, settings);
    if (!result.accepted) {
      refused++;
      if (result.refusal.code === 'auction_ended') seen.ended++;
      continue;
    }
    if (maxCents === state.leader?.maxCents && bidderId !== state.leader.bidderId) seen.ties++;
    if (result.outcome === 'raised_max') seen.raises++;
    if (result.extended) seen.extensions++;
    if (result.reserve === 'met' && reserve !== null) seen.reserveMet++;
    accepted++;
    const prev = model.get(bidderId);
    expect(prev === undefined || maxCents > prev.maxCents, 'a maximum only rises').toBe(true);
    model.set(bidderId, { maxCents, seq: accepted });

    const [leader, second] = ranked(model);
    const next = result.state;
    const where = `seed ${seed} step ${step}`;
    if (!leader || !next.leader || next.currentBidCents === null) throw new Error(`${where}: no leader`);
    // The leader holds the highest maximum, ties to the earliest; the runner-up is the next one.
    expect(next.leader.bidderId, where).toBe(leader.bidderId);
    expect(next.leader.maxCents, where).toBe(leader.maxCents);
    expect(next.runnerUp?.bidderId, where).toBe(second?.bidderId);
    expect(next.runnerUp?.maxCents, where).toBe(second?.maxCents);
    // The price: never above the leader's maximum, never below the starting bid, exactly the rule, never falling.
    const price = next.currentBidCents;
    expect(price, where).toBeLessThanOrEqual(leader.maxCents);
    expect(price, where).toBeGreaterThanOrEqual(start);
    expect(price, where).toBe(expectedPrice(state, leader.maxCents, second?.maxCents, settings.incrementCents));
    expect(price, where).toBeGreaterThanOrEqual(state.currentBidCents ?? 0);
    expect(result.reserve, where).toBe(reserve === null ? 'none' : leader.maxCents >= reserve ? 'met' : 'not_met');
    expect(next.bidCount, where).toBe(accepted);
    // Soft close: the end only moves later, and then to exactly the window after the bid.
    expect(Date.parse(next.endsAt), where).toBeGreaterThanOrEqual(Date.parse(state.endsAt));
    if (result.extended) expect(Date.parse(next.endsAt), where).toBe(now + settings.softCloseMs);
    state = next;
  }

  const ending = decideAuctionEnd(state, new Date(Date.parse(state.endsAt)));
  const [winner, runnerUp] = ranked(model);
  if (!winner) expect(ending).toEqual({ kind: 'unsold', reason: 'no_bids', highBidderId: null });
  else if (reserve !== null && winner.maxCents < reserve) expect(ending.kind).toBe('unsold');
  else {
    expect(ending).toMatchObject({ kind: 'sold', winnerId: winner.bidderId, priceCents: state.currentBidCents });
    if (ending.kind === 'sold' && runnerUp && (reserve === null || runnerUp.maxCents >= reserve)) {
      expect(ending.secondChance).toEqual({ bidderId: runnerUp.bidderId, priceCents: runnerUp.maxCents });
    }
  }
  return { accepted, refused, ...seen };
}

describe('proxy bidding invariants over random bid sequences', () => {
  it('hold for 400 seeded sequences', { timeout: 30_000 }, () => {
    const totals: Record<string, number> = {};
    for (let seed = 1; seed <= 400; seed++) {
      for (const [k, v] of Object.entries(runSequence(seed))) totals[k] = (totals[k] ?? 0) + v;
    }
    // The sequences reach every case: accepted and refused bids, ties, raises, soft close, the reserve, the end.
    for (const k of ['accepted', 'refused', 'ties', 'raises', 'extensions', 'reserveMet', 'ended']) {
      expect(totals[k], k).toBeGreaterThan(100);
    }
  });
});
