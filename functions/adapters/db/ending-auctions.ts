import type { EndingAuctionDeps } from '../../core/notifications/auction-ending-notices';
import type { Db } from './service';

const PAGE = 50;

/** Active auctions ending in (from, to], read from the end-time index a page at a time (never a scan). */
export function endingAuctions(db: Db): EndingAuctionDeps['endingAuctions'] {
  return async (from, to, cursor) => {
    const page = await db.entities.listing.query
      .byEndTime({ status: 'active' })
      .between({ auctionEnd: from }, { auctionEnd: to })
      .go({
        cursor,
        limit: PAGE,
        // The cursor is built from the last item's key attributes, so those are read too.
        attributes: ['listingId', 'title', 'sellerId', 'endsAt', 'auctionEnd', 'status'],
      });
    const items = page.data
      .filter((l) => typeof l.endsAt === 'string' && l.endsAt > from)
      .map((l) => ({ listingId: l.listingId, title: l.title, sellerId: l.sellerId, endsAt: l.endsAt! }));
    return { items, cursor: page.cursor };
  };
}
