import type { BidPlaced } from '../../../shared/api/bids';
import type { Cents } from '../../../shared/domain/money';
import { AppError, ConflictError, IdempotencyKeyReusedError, NotFoundError, UnauthorizedError } from '../../lib/errors';
import type { KeyedBatches } from '../../lib/keyed-batches';
import type { Clock } from '../clock/clock';
import { DEFAULT_BIDDING_SETTINGS, type BiddingSettings } from './auction-state';
import { bidRefusalError } from './bid-refusal';
import { applyBid, checkBid, type AcceptedBid } from './bid-rules';
import type {
  AuctionListing,
  BidEvents,
  BidRecord,
  BidRequestKey,
  BidStore,
  BidToWrite,
  PlacedBid,
  StoredAnswer,
} from './ports';

/** A bid that lost the race for the listing's write reads it again, at most this many times. */
export const BID_ATTEMPTS = 30;

/**
 * At most this many bids written together (one transaction of DynamoDB's 100 items at most: the listing, up to 3
 * facet items, and per bid its history line and the bidder's entry with its key and answer).
 */
export const BIDS_PER_WRITE = 25;

export interface PlaceBidDeps {
  store: BidStore;
  bidder(userId: string): Promise<{ username: string; walletAddress: string } | null>;
  /**
   * The bidder's RLUSD balance on the ledger (0 without a trust line), read by the server; a read of the last
   * moments may stand in when it covers `needCents` (balance-reuse.ts).
   */
  balanceCents(walletAddress: string, needCents: Cents): Promise<Cents>;
  events: BidEvents;
  newId(at: Date): string;
  clock: Clock;
  settings?: BiddingSettings;
  /** A bid stored but not announced (the events queue failed) is still placed: only logged. */
  warn(message: string, error: unknown): void;
  pause?(attempt: number): Promise<void>;
  /**
   * The process's lane per listing (functions/lib/keyed-batches.ts): the bids waiting in it are decided in turn, each on
   * the state the ones before leave, and written together. Without it each bid goes alone.
   */
  lane?: BidLane;
}

/** One bid request: who, on what, the maximum they entered and the Idempotency-Key they sent. */
export interface BidRequest extends BidRequestKey {
  maxCents: number;
}

/** The answer, and whether it is a stored one given again to a retry (nothing placed this time). */
export interface BidAnswer {
  placed: BidPlaced;
  replayed: boolean;
}

const jitter = (attempt: number) => new Promise<void>((r) => setTimeout(r, Math.random() * Math.min(5 * attempt, 60)));

/** A bid in the lane: the request and the listing as its first look read it. */
export interface LaneBid {
  request: BidRequest;
  first: AuctionListing;
}

/** A bid's outcome from the lane: its answer, and for a placed bid, the announcement to make once out of the lane. */
export interface LaneAnswer {
  answer: BidAnswer;
  announce?: () => Promise<void>;
}

export type BidLane = KeyedBatches<LaneBid, LaneAnswer, AuctionListing>;

const alone: BidLane = async (_key, job, run) => {
  const [outcome] = await run([job], undefined, () => undefined);
  if (outcome?.status !== 'fulfilled') throw outcome?.reason;
  return outcome.value;
};

function auctionOf(read: AuctionListing | null): AuctionListing {
  if (!read || read.listing.listingType !== 'auction' || read.listing.status === 'deleted') {
    throw new NotFoundError('Listing not found');
  }
  return read;
}

/** Buy It Now holds the auction's unit for a buyer's checkout: no bid until that order lapses or is paid. */
function assertNotBeingBought(l: AuctionListing['listing']): void {
  if (l.quantitySold + l.quantityReserved >= l.quantity) {
    throw new AppError('invalid_state', 'being_bought', 'This item is being bought with Buy It Now.');
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

/** The same request (user and Idempotency-Key) twice in one write would be two writes of one item: the later waits. */
const sameRequest = (a: BidRequestKey, b: BidRequestKey) =>
  a.userId === b.userId && a.idempotencyKey === b.idempotencyKey;

type Outcome = PromiseSettledResult<LaneAnswer>;
const answered = (value: LaneAnswer): Outcome => ({ status: 'fulfilled', value });
const refused = (reason: unknown): Outcome => ({ status: 'rejected', reason });

/**
 * The bids of one turn of the lane, decided in arrival order, each on the state the ones before it leave, and the
 * accepted ones written in one conditional transaction. A refusal is given only once the state it was decided on is
 * the stored one: the round's write landed (or there was nothing to write). A lost race (another process wrote) reads
 * again and decides every bid of the turn again; a bid whose key was stored meanwhile (the same request sent twice at
 * once) gets that stored answer, and the others are decided again.
 */
async function decideAndWrite(
  jobs: readonly LaneBid[],
  latest: AuctionListing | undefined,
  handOver: (latest: AuctionListing) => void,
  deps: PlaceBidDeps,
  settings: BiddingSettings,
): Promise<Outcome[]> {
  const listingId = jobs[0]!.request.listingId;
  // What this process last wrote, unless a first look read something newer (another process wrote since).
  let read = jobs
    .map((j) => j.first)
    .reduce((a, b) => (b.listing.version > a.listing.version ? b : a), latest ?? jobs[0]!.first);
  const outcomes: (Outcome | undefined)[] = jobs.map(() => undefined);
  // Read once per bid, whatever the rounds: the bidder never changes, and a balance is a guard, checked not held.
  const bidders: Awaited<ReturnType<PlaceBidDeps['bidder']>>[] = [];
  const balances: Cents[] = [];
  // Every round but a lost race settles at least one bid.
  let races = 0;
  while (outcomes.includes(undefined)) {
    let state = read.state;
    const toWrite: (BidToWrite & { index: number; answer: LaneAnswer })[] = [];
    const refusals = new Map<number, unknown>();
    const copies = new Map<number, BidToWrite>();
    for (const [i, { request: r }] of jobs.entries()) {
      if (outcomes[i]) continue;
      const original = toWrite.find((w) => sameRequest(w.request, r));
      if (original) {
        copies.set(i, original);
        continue;
      }
      const at = deps.clock.now();
      try {
        // Everything but the balance first: a refused bid costs no bidder or ledger read.
        refuseBeforeBalance({ listing: read.listing, state }, r, at, settings);
        const bidder = (bidders[i] ??= await deps.bidder(r.userId));
        if (!bidder) throw new UnauthorizedError();
        balances[i] ??= await deps.balanceCents(bidder.walletAddress, r.maxCents);
        const result = applyBid(state, { bidderId: r.userId, maxCents: r.maxCents, at, balanceCents: balances[i] });
        if (!result.accepted) throw bidRefusalError(result.refusal);
        const bid: PlacedBid = {
          listingId,
          bidId: deps.newId(at),
          bidderId: r.userId,
          bidderUsername: bidder.username,
          amountCents: result.historyAmountCents,
          at: at.toISOString(),
          maxCents: r.maxCents,
        };
        const placed = answerOf(read, result, bid);
        const listing = read.listing;
        toWrite.push({
          index: i,
          accepted: result,
          bid,
          request: {
            userId: r.userId,
            listingId,
            idempotencyKey: r.idempotencyKey,
            amountCents: r.maxCents,
            answer: placed,
          },
          answer: {
            answer: { placed, replayed: false },
            // Announced once out of the lane: the next bids needn't wait for the queue.
            announce: () => deps.events.placed({ listing, accepted: result, bid, reserveStatus: result.reserve }),
          },
        });
        state = result.state;
      } catch (error) {
        refusals.set(i, error);
      }
    }
    const written = toWrite.length === 0 ? null : await deps.store.commit(read, toWrite);
    if (written === null || written.kind === 'written') {
      for (const [i, error] of refusals) outcomes[i] = refused(error);
      for (const w of toWrite) outcomes[w.index] = answered(w.answer);
      // A copy of a request written in this round gets its answer, as a retry would.
      for (const [i, w] of copies) outcomes[i] = replayed(w.request, jobs[i]!.request);
      if (written) {
        read = written.after;
        handOver(read);
      }
      continue;
    }
    if (written.kind === 'key_used') {
      // Placed by another copy of the same request: its stored answer. The listing was not written: the rest again.
      for (const k of written.requests) {
        const w = toWrite[k]!;
        const stored = await deps.store.answered(w.request);
        outcomes[w.index] = stored
          ? replayed(stored, jobs[w.index]!.request)
          : refused(new ConflictError('This bid is still being placed. Please try again.'));
      }
      continue;
    }
    // A lost race: read again, after a short random pause.
    if (++races >= BID_ATTEMPTS) {
      const busy = refused(new ConflictError('Too many bids at once. Please try again.'));
      return outcomes.map((o) => o ?? busy);
    }
    await (deps.pause ?? jitter)(races + 1);
    read = auctionOf(await deps.store.read(listingId));
    handOver(read);
  }
  return outcomes as Outcome[];
}

function replayed(stored: StoredAnswer, r: BidRequest): Outcome {
  try {
    return answered({ answer: replayOf(stored, r) });
  } catch (error) {
    return refused(error);
  }
}

/**
 * A bid on an auction (decisions 031 and 036): the listing read strongly consistent and the rules of
 * core/bids/bid-rules.ts, the balance read from the ledger by the server, and one conditional transaction for the
 * listing's new state, the bid and the request's key with its answer. The listing and any answer stored for the key
 * are read together: a retry of a placed bid gets that answer again; a bid the price read already refuses is answered
 * at once. One that may be placed waits in the listing's lane; the turn that takes it decides it again on the newest
 * state this process knows, with the other bids waiting there, and only then are the bidder and their balance read;
 * the bids the turn accepts are written in one transaction. A lost race (another process wrote first) reads again and
 * decides again. The key's condition in the transaction stops the same request being placed twice (a copy sent while
 * the first was being written gets the first answer, or a refusal: sent again, the first answer).
 */
export async function placeBid(r: BidRequest, deps: PlaceBidDeps): Promise<BidAnswer> {
  const settings = deps.settings ?? DEFAULT_BIDDING_SETTINGS;
  const { auction, answered: stored } = await deps.store.readWithAnswer(r);
  if (stored) return replayOf(stored, r);
  const first = auctionOf(auction);
  refuseBeforeBalance(first, r, deps.clock.now(), settings);
  const placed = await (deps.lane ?? alone)(r.listingId, { request: r, first }, (jobs, latest, handOver) =>
    decideAndWrite(jobs, latest, handOver, deps, settings),
  );
  try {
    await placed.announce?.();
  } catch (error) {
    deps.warn('bid placed but not announced', error);
  }
  return placed.answer;
}
