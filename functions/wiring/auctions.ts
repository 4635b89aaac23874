import { ulid } from 'ulid';
import { accounts } from './auth';
import { clock } from '../adapters/clock';
import { accountStateStore } from '../adapters/db/account-state-store';
import { auctionBidders } from '../adapters/db/auction-bidders';
import { auctionCloseStore } from '../adapters/db/auction-close-store';
import { auctionOrderStore } from '../adapters/db/auction-order-store';
import { orderStore } from '../adapters/db/order-store';
import { db } from '../adapters/db/service';
import { eventQueue } from '../adapters/event-queue';
import { copyObject, removeObjects } from '../adapters/media-store';
import { newListingAnnouncer } from './follows';
import { orderViewContext } from './orders';
import { platformSettings } from './admin-settings';
import { thumbnailRequests } from '../adapters/thumbnail-requests';
import type { CloseAuctionsDeps } from '../core/auctions/close-auctions';
import type { LapseDeps } from '../core/auctions/lapse-unpaid-orders';
import type { SecondChanceDeps } from '../core/auctions/offer-second-chance';
import type { RelistDeps } from '../core/auctions/relist-auction';
import type { Logger } from '../lib/logger';

// The ports of an auction's end and what follows it (core/auctions), over the table and the events queue.

export function closeAuctionsDeps(log: Pick<Logger, 'warn'>): CloseAuctionsDeps {
  return {
    store: auctionCloseStore(db()),
    users: accounts(),
    bidders: auctionBidders(db()),
    events: eventQueue,
    newId: ulid,
    log,
  };
}

export function lapseUnpaidOrdersDeps(log: Pick<Logger, 'warn'>): LapseDeps {
  return { orders: orderStore(db()), store: auctionOrderStore(db()), events: eventQueue, log };
}

export function offerSecondChanceDeps(): SecondChanceDeps {
  return {
    orders: orderStore(db()),
    store: auctionOrderStore(db()),
    users: accounts(),
    events: eventQueue,
    newId: ulid,
    clock,
    links: orderViewContext(),
  };
}

/** The relisted auction's photos are copies in the media bucket; their thumbnails are asked of the media queue. */
export function relistAuctionDeps(log: Pick<Logger, 'warn'>): RelistDeps {
  return {
    store: auctionOrderStore(db()),
    orders: orderStore(db()),
    photos: { copy: copyObject, remove: removeObjects },
    thumbnails: thumbnailRequests,
    followers: newListingAnnouncer(log),
    states: accountStateStore(db()),
    settings: platformSettings(),
    accounts: accounts(),
    newId: ulid,
    clock,
  };
}
