import { MIN_BID_INCREMENT_CENTS, SOFT_CLOSE_DEFAULT_MS, type ReserveStatus } from '../../../shared/domain/bids';
import type { ListingStatus } from '../../../shared/domain/listing';
import type { Cents } from '../../../shared/domain/money';

/** A bidder's secret maximum and when they set it (their latest bid: a bidder's maximum only ever rises). */
export interface BidderMax {
  bidderId: string;
  maxCents: Cents;
  /** ISO UTC. */
  at: string;
}

/**
 * An auction as the bidding rules see it: the listing's auction fields. `leader` and `runnerUp` are secret (never sent
 * to a client); the two highest maximums of different bidders are all proxy bidding and the second chance need,
 * because every accepted bid beats the runner-up's maximum (see docs/decisions on bidding rules).
 */
export interface AuctionState {
  sellerId: string;
  status: ListingStatus;
  startingBidCents: Cents;
  /** Hidden reserve; null (or 0) for none. */
  reservePriceCents: Cents | null;
  buyItNowPriceCents: Cents | null;
  /** ISO UTC; soft close moves it later, never earlier. */
  endsAt: string;
  /** The price shown; null before the first bid. */
  currentBidCents: Cents | null;
  bidCount: number;
  leader: BidderMax | null;
  /** The highest maximum of anyone but the leader (ties to the earlier), null with fewer than two bidders. */
  runnerUp: BidderMax | null;
}

export interface BiddingSettings {
  incrementCents: Cents;
  /** A bid this close to the end (or closer) moves the end to this long after the bid. */
  softCloseMs: number;
}

export const DEFAULT_BIDDING_SETTINGS: BiddingSettings = {
  incrementCents: MIN_BID_INCREMENT_CENTS,
  softCloseMs: SOFT_CLOSE_DEFAULT_MS,
};

export function hasReserve(reservePriceCents: Cents | null): reservePriceCents is Cents {
  return reservePriceCents !== null && reservePriceCents > 0;
}

/** Met when the leader's maximum reaches the reserve (the price is then at least the reserve). */
export function reserveStatusOf(reservePriceCents: Cents | null, leaderMaxCents: Cents | null): ReserveStatus {
  if (!hasReserve(reservePriceCents)) return 'none';
  return leaderMaxCents !== null && leaderMaxCents >= reservePriceCents ? 'met' : 'not_met';
}

/**
 * The proxy price: only as high as needed to beat the second maximum by the increment, lifted to the reserve when the
 * leader's maximum reaches it, never below the starting bid and never above the leader's maximum:
 * min(leaderMax, max(startingBid, secondMax + increment, reserve if leaderMax >= reserve)).
 */
export function proxyPriceCents(
  a: {
    leaderMaxCents: Cents;
    secondMaxCents: Cents | null;
    reservePriceCents: Cents | null;
    startingBidCents: Cents;
  },
  incrementCents: Cents,
): Cents {
  let floor = a.startingBidCents;
  if (a.secondMaxCents !== null) floor = Math.max(floor, a.secondMaxCents + incrementCents);
  if (reserveStatusOf(a.reservePriceCents, a.leaderMaxCents) === 'met') {
    floor = Math.max(floor, a.reservePriceCents ?? 0);
  }
  return Math.min(a.leaderMaxCents, floor);
}
