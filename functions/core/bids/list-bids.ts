import { BID_HISTORY_LIMIT, type BidHistoryEntry } from '../../../shared/api/bids';
import { byHistoryOrder } from '../../../shared/domain/bids';
import { NotFoundError } from '../../lib/errors';
import type { AuctionState } from './auction-state';
import type { BidRecord, BidStore } from './ports';

/**
 * The lines as the history shows them now. A line keeps the amount its bid showed when placed, except the leader's
 * latest: each later maximum the leader's proxy answered raised the price, and the leader stands at that price (so the
 * top line is always the leader at the current bid). Highest first; equal amounts to the earlier bid, as ties go.
 */
export function historyLines(bids: readonly BidRecord[], state: AuctionState): BidRecord[] {
  const leaderId = state.leader?.bidderId;
  const price = state.currentBidCents;
  let raised = false;
  const lines = [...bids]
    .map((b) => ({ ...b, id: b.bidId }))
    .sort(byHistoryOrder)
    .map((b) => {
      if (raised || b.bidderId !== leaderId || price === null) return b;
      raised = true;
      return b.amountCents < price ? { ...b, amountCents: price } : b;
    });
  return lines.sort(byHistoryOrder).map(({ id: _, ...b }) => b);
}

/**
 * The bid history of an auction anyone may see (spec part 1 "Listing detail page"): highest amount first, each with the
 * bidder's username and time, at most BID_HISTORY_LIMIT. Amounts are what the history shows, never a leader's maximum.
 */
export async function listBids(
  listingId: string,
  store: Pick<BidStore, 'read' | 'history'>,
): Promise<{ items: BidHistoryEntry[] }> {
  const [auction, bids] = await Promise.all([store.read(listingId), store.history(listingId, BID_HISTORY_LIMIT)]);
  const l = auction?.listing;
  if (!auction || !l || l.listingType !== 'auction' || !['active', 'sold', 'ended'].includes(l.status)) {
    throw new NotFoundError('Listing not found');
  }
  return {
    items: historyLines(bids, auction.state).map((b) => ({
      id: b.bidId,
      bidderUsername: b.bidderUsername,
      amountCents: b.amountCents,
      at: b.at,
    })),
  };
}
