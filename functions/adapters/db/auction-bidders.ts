import type { BiddersOf } from '../../core/auctions/ports';
import type { Db } from './service';

/** Everyone who bid on a listing, each once: the listing's bid partition, read a page at a time to its end. */
export function auctionBidders(db: Db): BiddersOf {
  return async (listingId) => {
    const { data } = await db.entities.bid.query
      .byListingAmount({ listingId })
      .go({ pages: 'all', attributes: ['listingId', 'bidId', 'amountCents', 'bidderId'] });
    return [...new Set(data.map((b) => b.bidderId))];
  };
}
