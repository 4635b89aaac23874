import type { AuctionState } from '../../../../functions/core/bids/auction-state';

/** The auction under test: starts at $10.00, ends a day after T0, seller S. */
export const T0 = Date.parse('2026-07-01T12:00:00.000Z');
export const END = new Date(T0 + 24 * 3_600_000).toISOString();
export const RICH = Number.MAX_SAFE_INTEGER;

export function anAuction(over: Partial<AuctionState> = {}): AuctionState {
  return {
    sellerId: 'S',
    status: 'active',
    startingBidCents: 1000,
    reservePriceCents: null,
    buyItNowPriceCents: null,
    endsAt: END,
    currentBidCents: null,
    bidCount: 0,
    leader: null,
    runnerUp: null,
    ...over,
  };
}

/** The i-th bid's time: one second apart from T0. */
export const at = (i: number) => new Date(T0 + i * 1000);
