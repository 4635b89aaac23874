import { ulid } from 'ulid';
import type { EndingAuctionDeps } from '../core/notifications/auction-ending-notices';
import type { NotifyDeps } from '../core/notifications/ports';
import { settingsOf } from '../core/seller-settings/settings-of';
// Real time, as these use cases read it before the Clock port: moving them to the functions' clock is its own step.
import { systemClock as clock } from '../core/clock/clock';
import { auctionBidders } from '../adapters/db/auction-bidders';
import { endingAuctions } from '../adapters/db/ending-auctions';
import { notificationStore } from '../adapters/db/notification-store';
import { orderStore } from '../adapters/db/order-store';
import { sellerSettingsStore } from '../adapters/db/seller-settings-store';
import { db } from '../adapters/db/service';
import { watchersOf } from '../adapters/db/wishlist-store';
import { eventQueue } from '../adapters/event-queue';

/** The notification use cases over the table and the events queue; notify also reads the recipient's toggles. */
export function notifyDeps(): NotifyDeps {
  return {
    store: notificationStore(db()),
    events: eventQueue,
    clock,
    newId: (at) => ulid(at.getTime()),
    preferences: {
      toggles: async (userId) => (await settingsOf(sellerSettingsStore(db()), userId)).notifications,
      sellerOf: async (orderId) => (await orderStore(db()).get(orderId))?.sellerId ?? null,
    },
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
