import { ulid } from 'ulid';
import type { CloseAuctionsDeps } from '../core/auctions/close-auctions';
import type { LapseDeps } from '../core/auctions/lapse-unpaid';
import type { RelistDeps } from '../core/auctions/relist';
import type { SecondChanceDeps } from '../core/auctions/second-chance';
import type { PayAuctionOrderDeps } from '../core/orders/pay-auction-order';
import type { Logger } from '../lib/logger';
import { accounts } from '../wiring/auth';
import { clock } from './clock';
import { auctionBidders } from './db/auction-bidders';
import { auctionCloseStore } from './db/auction-close-store';
import { auctionOrderStore } from './db/auction-order-store';
import { orderStore } from './db/order-store';
import { db } from './db/service';
import { eventQueue } from './event-queue';
import { copyObject, removeObjects } from './media-store';
import { checkoutDeps } from './order-deps';
import { thumbnailRequests } from './thumbnail-requests';

/** The ports of an auction's end and what follows it (core/auctions), over the table and the events queue. */
const now = () => clock.now();

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

export function lapseDeps(log: Pick<Logger, 'warn'>): LapseDeps {
  return { orders: orderStore(db()), store: auctionOrderStore(db()), events: eventQueue, log };
}

export function secondChanceDeps(): SecondChanceDeps {
  return {
    orders: orderStore(db()),
    store: auctionOrderStore(db()),
    users: accounts(),
    events: eventQueue,
    newId: ulid,
    now,
  };
}

export function relistDeps(): RelistDeps {
  return {
    store: auctionOrderStore(db()),
    orders: orderStore(db()),
    photos: { copy: copyObject, remove: removeObjects },
    thumbnails: thumbnailRequests,
    newId: ulid,
    now,
  };
}

export async function payAuctionOrderDeps(): Promise<PayAuctionOrderDeps> {
  return { ...(await checkoutDeps()), orders: orderStore(db()) };
}
