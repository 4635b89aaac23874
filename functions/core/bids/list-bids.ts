import { BID_HISTORY_LIMIT, type BidHistoryEntry } from '../../../shared/api/bids';
import { NotFoundError } from '../../lib/errors';
import type { BidStore } from './ports';

/**
 * The bid history of an auction anyone may see (spec part 1 section 2.8): highest amount first, each with the bidder's
 * username and time, at most BID_HISTORY_LIMIT. Amounts are what the history shows, never a leader's maximum.
 */
export async function listBids(
  listingId: string,
  store: Pick<BidStore, 'read' | 'history'>,
): Promise<{ items: BidHistoryEntry[] }> {
  const [auction, bids] = await Promise.all([store.read(listingId), store.history(listingId, BID_HISTORY_LIMIT)]);
  const l = auction?.listing;
  if (!l || l.listingType !== 'auction' || !['active', 'sold', 'ended'].includes(l.status)) {
    throw new NotFoundError('Listing not found');
  }
  return {
    items: bids.map((b) => ({ id: b.bidId, bidderUsername: b.bidderUsername, amountCents: b.amountCents, at: b.at })),
  };
}
