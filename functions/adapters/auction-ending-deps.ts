import type { EndingAuctionDeps } from '../core/notifications/auction-ending';
import { auctionBidders } from './db/auction-bidders';
import { endingAuctions } from './db/ending-auctions';
import { notificationStore } from './db/notification-store';
import { db } from './db/service';
import { watchersOf } from './db/wishlist-store';
import { eventQueue } from './event-queue';

export function auctionEndingDeps(): EndingAuctionDeps {
  return {
    endingAuctions: endingAuctions(db()),
    watchersOf: (listingId) => watchersOf(db(), listingId),
    biddersOf: auctionBidders(db()),
    store: notificationStore(db()),
    events: eventQueue,
  };
}
