import { describe, expect, it } from 'vitest';
import type { AuctionState, BiddingSettings } from '../../../../functions/core/bids/auction-state';
import { applyBid, type BidOutcome } from '../../../../functions/core/bids/bid-rules';
import type { ReserveStatus } from '../../../../shared/domain/bids';
import { anAuction, at, RICH } from './bid-fixtures';

/** One bid and what must hold right after it: bidder, maximum (cents), price, leader, reserve, outcome. */
type Step = [who: string, maxCents: number, price: number, leader: string, reserve: ReserveStatus, outcome: BidOutcome];

interface Case {
  name: string;
  auction?: Partial<AuctionState>;
  settings?: BiddingSettings;
  steps: Step[];
}

const CASES: Case[] = [
  {
    name: 'the first bid leads at the starting bid; others raise the price to their maximum plus a cent',
    steps: [
      ['A', 2000, 1000, 'A', 'none', 'first_bid'],
      ['B', 1500, 1501, 'A', 'none', 'outbid_by_proxy'],
      ['B', 2500, 2001, 'B', 'none', 'took_lead'],
      ['C', 2100, 2101, 'B', 'none', 'outbid_by_proxy'],
      ['A', 3000, 2501, 'A', 'none', 'took_lead'],
    ],
  },
  {
    name: 'a first bid one cent above the starting bid leads at the starting bid',
    steps: [
      ['A', 1001, 1000, 'A', 'none', 'first_bid'],
      ['B', 1001, 1001, 'A', 'none', 'outbid_by_proxy'],
      ['B', 1002, 1002, 'B', 'none', 'took_lead'],
    ],
  },
  {
    name: "equal maximums go to the earlier bid, at that maximum; a bid equal to the leader's maximum loses",
    steps: [
      ['A', 1500, 1000, 'A', 'none', 'first_bid'],
      ['B', 1500, 1500, 'A', 'none', 'outbid_by_proxy'],
      ['C', 1501, 1501, 'C', 'none', 'took_lead'],
      ['A', 1600, 1502, 'A', 'none', 'took_lead'],
      ['D', 1600, 1600, 'A', 'none', 'outbid_by_proxy'],
    ],
  },
  {
    name: 'a leader raising their own maximum leaves the price, until someone bids against it',
    steps: [
      ['A', 2000, 1000, 'A', 'none', 'first_bid'],
      ['A', 3000, 1000, 'A', 'none', 'raised_max'],
      ['B', 2500, 2501, 'A', 'none', 'outbid_by_proxy'],
      ['A', 5000, 2501, 'A', 'none', 'raised_max'],
      ['B', 4000, 4001, 'A', 'none', 'outbid_by_proxy'],
    ],
  },
  {
    name: 'a leader tied with the runner-up who raises moves to the runner-up plus a cent (the price is one formula)',
    steps: [
      ['A', 2000, 1000, 'A', 'none', 'first_bid'],
      ['B', 2000, 2000, 'A', 'none', 'outbid_by_proxy'],
      ['A', 2500, 2001, 'A', 'none', 'raised_max'],
    ],
  },
  {
    name: 'hidden reserve: below it the proxy rules as usual, a maximum reaching it lifts the price to it at once',
    auction: { reservePriceCents: 5000 },
    steps: [
      ['A', 3000, 1000, 'A', 'not_met', 'first_bid'],
      ['B', 4000, 3001, 'B', 'not_met', 'took_lead'],
      ['A', 6000, 5000, 'A', 'met', 'took_lead'],
      ['B', 5500, 5501, 'A', 'met', 'outbid_by_proxy'],
      ['C', 7000, 6001, 'C', 'met', 'took_lead'],
    ],
  },
  {
    name: 'a first maximum exactly at the reserve meets it; one cent under does not',
    auction: { reservePriceCents: 5000 },
    steps: [
      ['A', 4999, 1000, 'A', 'not_met', 'first_bid'],
      ['B', 5000, 5000, 'B', 'met', 'took_lead'],
    ],
  },
  {
    name: 'a leader raising their maximum to the reserve lifts the price to it',
    auction: { reservePriceCents: 5000 },
    steps: [
      ['A', 3000, 1000, 'A', 'not_met', 'first_bid'],
      ['B', 2000, 2001, 'A', 'not_met', 'outbid_by_proxy'],
      ['A', 4999, 2001, 'A', 'not_met', 'raised_max'],
      ['A', 8000, 5000, 'A', 'met', 'raised_max'],
      ['B', 6000, 6001, 'A', 'met', 'outbid_by_proxy'],
    ],
  },
  {
    name: 'a reserve equal to the starting bid is met by the first bid; a tie at the reserve goes to the earlier',
    auction: { reservePriceCents: 1000 },
    steps: [
      ['A', 1200, 1000, 'A', 'met', 'first_bid'],
      ['B', 1200, 1200, 'A', 'met', 'outbid_by_proxy'],
    ],
  },
  {
    name: 'cent boundaries: a one-cent starting bid and maximums a cent apart',
    auction: { startingBidCents: 1 },
    steps: [
      ['A', 2, 1, 'A', 'none', 'first_bid'],
      ['B', 2, 2, 'A', 'none', 'outbid_by_proxy'],
      ['B', 3, 3, 'B', 'none', 'took_lead'],
      ['A', 99, 4, 'A', 'none', 'took_lead'],
      ['B', 98, 99, 'A', 'none', 'outbid_by_proxy'],
      ['C', 100, 100, 'C', 'none', 'took_lead'],
    ],
  },
  {
    name: 'dollar boundaries: $99.99 against $100.00 shows $100.00; large amounts stay exact',
    steps: [
      ['A', 10_000, 1000, 'A', 'none', 'first_bid'],
      ['B', 9_999, 10_000, 'A', 'none', 'outbid_by_proxy'],
      ['B', 9_999_999_99, 10_001, 'B', 'none', 'took_lead'],
      ['A', 9_999_999_98, 9_999_999_99, 'B', 'none', 'outbid_by_proxy'],
    ],
  },
  {
    name: 'a larger increment setting is still capped at the leader maximum',
    settings: { incrementCents: 50, softCloseMs: 120_000 },
    steps: [
      ['A', 2000, 1000, 'A', 'none', 'first_bid'],
      ['B', 1980, 2000, 'A', 'none', 'outbid_by_proxy'],
      ['B', 2100, 2050, 'B', 'none', 'took_lead'],
    ],
  },
];

describe('proxy resolution, known answers', () => {
  for (const c of CASES) {
    it(c.name, () => {
      let state = anAuction(c.auction);
      c.steps.forEach(([who, maxCents, price, leader, reserve, outcome], i) => {
        const result = applyBid(state, { bidderId: who, maxCents, at: at(i), balanceCents: RICH }, c.settings);
        if (!result.accepted) throw new Error(`step ${i + 1} refused: ${result.refusal.message}`);
        expect(
          {
            price: result.priceCents,
            leader: result.state.leader?.bidderId,
            reserve: result.reserve,
            outcome: result.outcome,
          },
          `step ${i + 1}: ${who} ${maxCents}`,
        ).toEqual({ price, leader, reserve, outcome });
        expect(result.state.currentBidCents).toBe(price);
        expect(result.state.bidCount).toBe(i + 1);
        expect(result.leading).toBe(leader === who);
        state = result.state;
      });
    });
  }
});

describe('what an accepted bid reports', () => {
  const first = applyBid(anAuction({ buyItNowPriceCents: 5000 }), {
    bidderId: 'A',
    maxCents: 2000,
    at: at(0),
    balanceCents: RICH,
  });
  if (!first.accepted) throw new Error('refused');

  it('the first bid ends Buy It Now, later ones do not report it again', () => {
    expect(first.buyItNowRemoved).toBe(true);
    const second = applyBid(first.state, { bidderId: 'B', maxCents: 1500, at: at(1), balanceCents: RICH });
    expect(second.accepted && second.buyItNowRemoved).toBe(false);
    const noBuyNow = applyBid(anAuction(), { bidderId: 'A', maxCents: 2000, at: at(0), balanceCents: RICH });
    expect(noBuyNow.accepted && noBuyNow.buyItNowRemoved).toBe(false);
  });

  it('names the bidder who lost the lead, and nobody when the lead stays', () => {
    expect(first.outbidBidderId).toBeNull();
    const proxy = applyBid(first.state, { bidderId: 'B', maxCents: 1500, at: at(1), balanceCents: RICH });
    if (!proxy.accepted) throw new Error('refused');
    expect(proxy.outbidBidderId).toBeNull();
    expect(proxy.leading).toBe(false);
    const lead = applyBid(proxy.state, { bidderId: 'B', maxCents: 2500, at: at(2), balanceCents: RICH });
    if (!lead.accepted) throw new Error('refused');
    expect(lead.outbidBidderId).toBe('A');
    expect(lead.previousPriceCents).toBe(1501);
    expect(lead.priceCents).toBe(2001);
  });

  it('keeps the two highest maximums of different bidders with the time each was set', () => {
    const b = applyBid(first.state, { bidderId: 'B', maxCents: 1500, at: at(1), balanceCents: RICH });
    if (!b.accepted) throw new Error('refused');
    const c = applyBid(b.state, { bidderId: 'C', maxCents: 1800, at: at(2), balanceCents: RICH });
    if (!c.accepted) throw new Error('refused');
    expect(c.state.leader).toEqual({ bidderId: 'A', maxCents: 2000, at: at(0).toISOString() });
    expect(c.state.runnerUp).toEqual({ bidderId: 'C', maxCents: 1800, at: at(2).toISOString() });
  });

  it('shows in the history the price a leading bid holds and the maximum of a bid the proxy beat', () => {
    expect(first.historyAmountCents).toBe(1000);
    const proxy = applyBid(first.state, { bidderId: 'B', maxCents: 1500, at: at(1), balanceCents: RICH });
    expect(proxy.accepted && proxy.historyAmountCents).toBe(1500);
  });

  it('does not change the state it was given', () => {
    const before = structuredClone(first.state);
    applyBid(first.state, { bidderId: 'B', maxCents: 2500, at: at(1), balanceCents: RICH });
    expect(first.state).toEqual(before);
  });
});
