import type { BidderAuction, BidListing, MyBidsStore } from '../../core/bids/list-my-bids';
import { CARD_ATTRIBUTES } from './listing-cards';
import type { Db } from './service';

/** A bidder's auction entries (latest bid first, from the owner index) and the listings they name. */
export function myBidsStore(db: Db): MyBidsStore {
  return {
    async auctions(bidderId, after, limit) {
      const q = db.entities.bidderAuction.query.byBidderTime({ bidderId });
      // Not the latest bid's stored answer the entry also holds.
      const options = { order: 'desc', limit, attributes: ['listingId', 'maxCents', 'lastBidAt'] } as const;
      const { data } = await (after ? q.lt(after).go(options) : q.go(options));
      const items: BidderAuction[] = data.map((e) => ({
        listingId: e.listingId,
        maxCents: e.maxCents,
        lastBidAt: e.lastBidAt,
      }));
      const last = items.length === limit ? items[items.length - 1]! : null;
      return { items, after: last ? { lastBidAt: last.lastBidAt, listingId: last.listingId } : null };
    },

    async listings(ids) {
      if (ids.length === 0) return [];
      const result = await db.entities.listing
        .get(ids.map((listingId) => ({ listingId })))
        .go({ concurrency: 4, attributes: [...CARD_ATTRIBUTES, 'leaderId', 'leaderMaxCents', 'updatedAt'] });
      if (result.unprocessed.length > 0)
        throw new Error(`Batch read left ${result.unprocessed.length} listings unread`);
      return result.data as BidListing[];
    },
  };
}
