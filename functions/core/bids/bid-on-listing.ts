import type { BidPlaced } from '../../../shared/api/bids';
import type { Cents } from '../../../shared/domain/money';
import { AppError, ConflictError, NotFoundError, UnauthorizedError } from '../../lib/errors';
import { DEFAULT_BIDDING_SETTINGS, type BiddingSettings } from './auction-state';
import { bidRefusalError } from './bid-refusal';
import { checkBid, placeBid } from './place-bid';
import type { AuctionListing, BidEvents, BidStore, PlacedBid } from './ports';

/** A bid that lost the race for the listing's write reads it again, at most this many times. */
export const BID_ATTEMPTS = 30;

export interface BidOnListingDeps {
  store: BidStore;
  bidder(userId: string): Promise<{ username: string; walletAddress: string } | null>;
  /** The bidder's RLUSD balance on the ledger (0 without a trust line), read by the server. */
  balanceCents(walletAddress: string): Promise<Cents>;
  events: BidEvents;
  newId(at: Date): string;
  now(): Date;
  settings?: BiddingSettings;
  /** A bid stored but not announced (the events queue failed) is still placed: only logged. */
  warn(message: string, error: unknown): void;
  pause?(attempt: number): Promise<void>;
}

const jitter = (attempt: number) => new Promise<void>((r) => setTimeout(r, Math.random() * Math.min(5 * attempt, 60)));

/** Buy It Now holds the auction's unit for a buyer's checkout: no bid until that order lapses or is paid. */
function assertNotBeingBought(l: AuctionListing['listing']): void {
  if (l.quantitySold + l.quantityReserved >= l.quantity) {
    throw new AppError(409, 'being_bought', 'This item is being bought with Buy It Now.');
  }
}

/**
 * A bid on an auction (issue 15 item 6): the listing read strongly consistent, the rules of core/bids/place-bid.ts
 * with the balance read from the ledger by the server, and one conditional transaction for the listing's new state
 * and the bid. A lost race reads again and decides again (the bid may now be too low).
 */
export async function bidOnListing(
  userId: string,
  listingId: string,
  maxCents: number,
  deps: BidOnListingDeps,
): Promise<BidPlaced> {
  const settings = deps.settings ?? DEFAULT_BIDDING_SETTINGS;
  const [bidder, first] = await Promise.all([deps.bidder(userId), deps.store.read(listingId)]);
  if (!bidder) throw new UnauthorizedError();
  let balance: Cents | undefined;
  let read = first;
  for (let attempt = 1; attempt <= BID_ATTEMPTS; attempt++) {
    if (attempt > 1) {
      await (deps.pause ?? jitter)(attempt);
      read = await deps.store.read(listingId);
    }
    if (!read || read.listing.listingType !== 'auction' || read.listing.status === 'deleted') {
      throw new NotFoundError('Listing not found');
    }
    const at = deps.now();
    const attemptOf = (balanceCents: Cents) => ({ bidderId: userId, maxCents, at, balanceCents });
    // Everything but the balance first: a refused bid costs no ledger read.
    const early = checkBid(read.state, attemptOf(Number.MAX_SAFE_INTEGER), settings);
    if (early) throw bidRefusalError(early);
    assertNotBeingBought(read.listing);
    balance ??= await deps.balanceCents(bidder.walletAddress);
    const result = placeBid(read.state, attemptOf(balance), settings);
    if (!result.accepted) throw bidRefusalError(result.refusal);

    const bid: PlacedBid = {
      listingId: read.listing.listingId,
      bidId: deps.newId(at),
      bidderId: userId,
      bidderUsername: bidder.username,
      amountCents: result.historyAmountCents,
      at: at.toISOString(),
      maxCents,
    };
    if ((await deps.store.commit(read, result, bid, at)) === 'stale') continue;
    try {
      await deps.events.placed({ listing: read.listing, accepted: result, bid, reserveStatus: result.reserve });
    } catch (error) {
      deps.warn('bid placed but not announced', error);
    }
    return {
      listingId: bid.listingId,
      currentBidCents: result.priceCents,
      bidCount: result.state.bidCount,
      endsAt: result.endsAt,
      reserveStatus: result.reserve,
      leading: result.leading,
      bid: { id: bid.bidId, bidderUsername: bid.bidderUsername, amountCents: bid.amountCents, at: bid.at },
    };
  }
  throw new ConflictError('Too many bids at once. Please try again.');
}
