import { ulid } from 'ulid';
import type { EndingAuctionDeps } from '../core/notifications/auction-ending-notices';
import type { NotificationDeps } from '../core/notifications/ports';
// Real time, as these use cases read it before the Clock port: moving them to the functions' clock is its own step.
import { systemClock as clock } from '../core/clock/clock';
import { auctionBidders } from '../adapters/db/auction-bidders';
import { endingAuctions } from '../adapters/db/ending-auctions';
import { notificationStore } from '../adapters/db/notification-store';
import { db } from '../adapters/db/service';
import { watchersOf } from '../adapters/db/wishlist-store';
import { eventQueue } from '../adapters/event-queue';

/** The notification use cases over the table and the events queue. */
export function notifyDeps(): NotificationDeps {
  return {
    store: notificationStore(db()),
    events: eventQueue,
    clock,
    newId: (at) => ulid(at.getTime()),
  };
}

export const getNotificationSummaryDeps = notifyDeps;
export const listNotificationsDeps = notifyDeps;
export const markNotificationReadDeps = notifyDeps;
export const markAllNotificationsReadDeps = notifyDeps;

export function auctionEndingNoticesDeps(): EndingAuctionDeps {
  return {
    endingAuctions: endingAuctions(db()),
    watchersOf: (listingId) => watchersOf(db(), listingId),
    biddersOf: auctionBidders(db()),
    store: notificationStore(db()),
    events: eventQueue,
  };
}
