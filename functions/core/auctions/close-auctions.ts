import { decideAuctionEnd } from '../bids/auction-end';
import { auctionOrder, itemOfListing } from '../orders/auction-payment';
import type { OrderRecord } from '../orders/order';
import { closeNotices } from './auction-notices';
import type { AuctionCloseStore, AuctionUsers, BiddersOf, ClosingAuction, EventPublisher } from './ports';

/** A close that lost the race for the listing's write reads it again, at most this many times. */
const CLOSE_ATTEMPTS = 5;
/** Closed auctions whose notices may have been lost (a crash between the close and its announcement) are looked for
 * among those that ended this long before the run. */
export const ANNOUNCE_LOOKBACK_MS = 60 * 60_000;

export interface CloseAuctionsDeps {
  store: AuctionCloseStore;
  users: AuctionUsers;
  bidders: BiddersOf;
  events: EventPublisher;
  newId: () => string;
  log: { warn(message: string, fields: Record<string, unknown>): void };
}

/** What closing one auction came to. */
export type CloseOutcome =
  | 'sold'
  | 'no_bids'
  | 'reserve_not_met'
  /** Its end moved later (a bid in the last moment, soft close) or has not come: still running. */
  | 'running'
  /** Already closed (another run, or its seller ended it), or gone. */
  | 'closed'
  /** No bids, and a Buy It Now checkout holds its unit: closed once that order is paid or lapses. */
  | 'held';

/** The winner's order: awaiting payment at the final price, the runner-up kept for a second chance. */
async function winnersOrder(
  read: ClosingAuction,
  ending: Extract<ReturnType<typeof decideAuctionEnd>, { kind: 'sold' }>,
  at: Date,
  deps: CloseAuctionsDeps,
): Promise<OrderRecord> {
  const [winner, seller] = await Promise.all([
    deps.users.user(ending.winnerId),
    deps.users.user(read.listing.sellerId),
  ]);
  if (!winner || !seller) throw new Error(`auction ${read.listing.listingId}: winner or seller account missing`);
  return auctionOrder({
    orderId: deps.newId(),
    item: itemOfListing(read.listing),
    buyer: winner,
    sellerAddress: seller.walletAddress,
    priceCents: ending.priceCents,
    round: 'winner',
    runnerUp: ending.secondChance,
    at,
  });
}

/**
 * Ends one auction at its end (decision 029): read strongly consistent, decided by the bidding rules
 * (decideAuctionEnd), then written in one transaction conditional on the version read and the end not after `at`.
 * A bid in the last millisecond and the close exclude each other on that item: whichever writes first wins, and the
 * loser reads again (a bid then finds it ended; the close finds the end moved by soft close, or the new leader).
 */
export async function closeAuction(listingId: string, at: Date, deps: CloseAuctionsDeps): Promise<CloseOutcome> {
  for (let attempt = 1; attempt <= CLOSE_ATTEMPTS; attempt++) {
    const read = await deps.store.read(listingId);
    if (!read || read.listing.listingType !== 'auction' || read.listing.status !== 'active') return 'closed';
    const ending = decideAuctionEnd(read.state, at);
    if (ending.kind === 'running') return 'running';
    if (ending.kind === 'unsold' && read.listing.quantityReserved > 0) return 'held';
    const order = ending.kind === 'sold' ? await winnersOrder(read, ending, at, deps) : null;
    const result = ending.kind === 'sold' ? 'sold' : ending.reason;
    if ((await deps.store.close(read, result, order, at)) === 'stale') continue;
    await announceClose(listingId, at, deps);
    return result;
  }
  throw new Error(`auction ${listingId}: the close kept losing races`);
}

/** Sends a closed auction's notices (again, harmlessly: each is once per user and key) and records that it did. */
export async function announceClose(listingId: string, at: Date, deps: CloseAuctionsDeps): Promise<void> {
  const closed = await deps.store.closed(listingId);
  if (!closed) return;
  const [bidders, winner] = await Promise.all([
    deps.bidders(listingId),
    closed.winnerId ? deps.users.user(closed.winnerId) : null,
  ]);
  await deps.events.publish(closeNotices(closed, bidders, winner?.username ?? null, at));
  await deps.store.markAnnounced(listingId, at);
}

export interface CloseRun {
  sold: number;
  unsold: number;
  /** Due by the index but not closed now (running after a late bid, held by Buy It Now, closed by another run). */
  skipped: number;
  /** Earlier closes whose notices are sent now. */
  reannounced: number;
  failed: number;
}

/**
 * The close schedule, every minute: each active auction whose end has come (found by the end-time index, never a
 * scan) is closed; one that fails is logged and left for the next run. Then closes of the last hour that were never
 * announced are announced. Safe to run twice or side by side: every close is conditional, every notice once.
 */
export async function closeAuctions(at: Date, deps: CloseAuctionsDeps): Promise<CloseRun> {
  const run: CloseRun = { sold: 0, unsold: 0, skipped: 0, reannounced: 0, failed: 0 };
  let cursor: string | null = null;
  do {
    const page = await deps.store.due(at.toISOString(), cursor);
    cursor = page.cursor;
    for (const listingId of page.listingIds) {
      try {
        const outcome = await closeAuction(listingId, at, deps);
        if (outcome === 'sold') run.sold++;
        else if (outcome === 'no_bids' || outcome === 'reserve_not_met') run.unsold++;
        else run.skipped++;
      } catch (error) {
        run.failed++;
        deps.log.warn('closing an auction failed', { listingId, error: String(error) });
      }
    }
  } while (cursor);
  const from = new Date(at.getTime() - ANNOUNCE_LOOKBACK_MS).toISOString();
  for (const listingId of await deps.store.unannounced(from, at.toISOString())) {
    await announceClose(listingId, at, deps);
    run.reannounced++;
  }
  return run;
}
