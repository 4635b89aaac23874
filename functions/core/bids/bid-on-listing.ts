import type { BidPlaced } from '../../../shared/api/bids';
import type { Cents } from '../../../shared/domain/money';
import { AppError, ConflictError, IdempotencyKeyReusedError, NotFoundError, UnauthorizedError } from '../../lib/errors';
import type { KeyedLane } from '../../lib/keyed-lane';
import { DEFAULT_BIDDING_SETTINGS, type BiddingSettings } from './auction-state';
import { bidRefusalError } from './bid-refusal';
import { checkBid, placeBid, type AcceptedBid } from './place-bid';
import type { AuctionListing, BidEvents, BidRecord, BidRequestKey, BidStore, PlacedBid, StoredAnswer } from './ports';

/** A bid that lost the race for the listing's write reads it again, at most this many times. */
export const BID_ATTEMPTS = 30;

export interface BidOnListingDeps {
  store: BidStore;
  bidder(userId: string): Promise<{ username: string; walletAddress: string } | null>;
  /**
   * The bidder's RLUSD balance on the ledger (0 without a trust line), read by the server; a read of the last
   * moments may stand in when it covers `needCents` (balance-reuse.ts).
   */
  balanceCents(walletAddress: string, needCents: Cents): Promise<Cents>;
  events: BidEvents;
  newId(at: Date): string;
  now(): Date;
  settings?: BiddingSettings;
  /** A bid stored but not announced (the events queue failed) is still placed: only logged. */
  warn(message: string, error: unknown): void;
  pause?(attempt: number): Promise<void>;
  /**
   * The process's lane per listing (functions/lib/keyed-lane.ts): its bids are decided and written one after another,
   * each on the state the one before wrote. Without it each bid goes alone.
   */
  lane?: KeyedLane<AuctionListing>;
}

/** One bid request: who, on what, the maximum they entered and the Idempotency-Key they sent. */
export interface BidRequest extends BidRequestKey {
  listingId: string;
  maxCents: number;
}

/** The answer, and whether it is a stored one given again to a retry (nothing placed this time). */
export interface BidAnswer {
  placed: BidPlaced;
  replayed: boolean;
}

const jitter = (attempt: number) => new Promise<void>((r) => setTimeout(r, Math.random() * Math.min(5 * attempt, 60)));

const alone: KeyedLane<AuctionListing> = (_key, hold) => hold(undefined, () => undefined);

function auctionOf(read: AuctionListing | null): AuctionListing {
  if (!read || read.listing.listingType !== 'auction' || read.listing.status === 'deleted') {
    throw new NotFoundError('Listing not found');
  }
  return read;
}

/** Buy It Now holds the auction's unit for a buyer's checkout: no bid until that order lapses or is paid. */
function assertNotBeingBought(l: AuctionListing['listing']): void {
  if (l.quantitySold + l.quantityReserved >= l.quantity) {
    throw new AppError(409, 'being_bought', 'This item is being bought with Buy It Now.');
  }
}

/** The refusals that need no balance, in the rules' order, then Buy It Now's hold. */
function refuseBeforeBalance(read: AuctionListing, r: BidRequest, at: Date, settings: BiddingSettings): void {
  const attempt = { bidderId: r.userId, maxCents: r.maxCents, at, balanceCents: Number.MAX_SAFE_INTEGER };
  const refusal = checkBid(read.state, attempt, settings);
  if (refusal) throw bidRefusalError(refusal);
  assertNotBeingBought(read.listing);
}

function replayOf(stored: StoredAnswer, r: BidRequest): BidAnswer {
  if (stored.amountCents !== r.maxCents) throw new IdempotencyKeyReusedError();
  return { placed: stored.answer, replayed: true };
}

function answerOf(read: AuctionListing, result: AcceptedBid, bid: BidRecord): BidPlaced {
  return {
    listingId: read.listing.listingId,
    currentBidCents: result.priceCents,
    bidCount: result.state.bidCount,
    endsAt: result.endsAt,
    reserveStatus: result.reserve,
    leading: result.leading,
    bid: { id: bid.bidId, bidderUsername: bid.bidderUsername, amountCents: bid.amountCents, at: bid.at },
  };
}

/**
 * A bid on an auction (issue 15 item 6, decision 031): the listing read strongly consistent and the rules of
 * core/bids/place-bid.ts, the balance read from the ledger by the server, and one conditional transaction for the
 * listing's new state, the bid and the request's key with its answer. The listing and any answer stored for the key
 * are read together: a retry of a placed bid gets that answer again; a bid the price read already refuses is answered
 * at once. One that may be placed takes its turn in the listing's lane, is decided again on the newest state this
 * process knows, and only then are the bidder and their balance read; a lost race (another process wrote first) reads
 * again and decides again. The key's condition in the transaction stops the same request being placed twice (a copy
 * sent while the first was being written gets the first answer, or a refusal: sent again, the first answer).
 */
export async function bidOnListing(r: BidRequest, deps: BidOnListingDeps): Promise<BidAnswer> {
  const settings = deps.settings ?? DEFAULT_BIDDING_SETTINGS;
  const { auction, answered } = await deps.store.readWithAnswer(r.listingId, r);
  if (answered) return replayOf(answered, r);
  const first = auctionOf(auction);
  refuseBeforeBalance(first, r, deps.now(), settings);
  const placed = await (deps.lane ?? alone)(r.listingId, async (latest, handOver) => {
    // What this process last wrote, unless its own read is newer (another process wrote since).
    let read = latest && latest.listing.version >= first.listing.version ? latest : first;
    let bidder: Awaited<ReturnType<BidOnListingDeps['bidder']>> | undefined;
    let balance: Cents | undefined;
    for (let attempt = 1; attempt <= BID_ATTEMPTS; attempt++) {
      if (attempt > 1) {
        await (deps.pause ?? jitter)(attempt);
        read = auctionOf(await deps.store.read(r.listingId));
        handOver(read);
      }
      const at = deps.now();
      // Everything but the balance first: a refused bid costs no bidder or ledger read.
      refuseBeforeBalance(read, r, at, settings);
      bidder ??= await deps.bidder(r.userId);
      if (!bidder) throw new UnauthorizedError();
      balance ??= await deps.balanceCents(bidder.walletAddress, r.maxCents);
      const result = placeBid(read.state, { bidderId: r.userId, maxCents: r.maxCents, at, balanceCents: balance });
      if (!result.accepted) throw bidRefusalError(result.refusal);

      const bid: PlacedBid = {
        listingId: read.listing.listingId,
        bidId: deps.newId(at),
        bidderId: r.userId,
        bidderUsername: bidder.username,
        amountCents: result.historyAmountCents,
        at: at.toISOString(),
        maxCents: r.maxCents,
      };
      const answer = answerOf(read, result, bid);
      const written = await deps.store.commit(read, result, bid, at, { ...r, amountCents: r.maxCents, answer });
      if (written.kind === 'stale') continue;
      if (written.kind === 'key_used') {
        // The same request, sent twice at once, was placed by the other copy.
        const stored = await deps.store.answered(r);
        if (!stored) throw new ConflictError('This bid is still being placed. Please try again.');
        return { answer: replayOf(stored, r) };
      }
      handOver(written.after);
      const listing = read.listing;
      return {
        answer: { placed: answer, replayed: false },
        // Announced once the lane is left: the next bid needn't wait for the queue.
        announce: () => deps.events.placed({ listing, accepted: result, bid, reserveStatus: result.reserve }),
      };
    }
    throw new ConflictError('Too many bids at once. Please try again.');
  });
  try {
    await placed.announce?.();
  } catch (error) {
    deps.warn('bid placed but not announced', error);
  }
  return placed.answer;
}
