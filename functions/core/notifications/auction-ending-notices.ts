import { NOTIFICATION_MESSAGE_MAX } from '../../../shared/domain/notification';
import type { DomainEventOf } from '../../../shared/events';
import type { EventPublisher, NotificationStore } from './ports';

/** Bidders and watchers hear of an auction's end an hour before it. */
export const ENDING_NOTICE_MS = 60 * 60 * 1000;

export interface EndingAuction {
  listingId: string;
  title: string;
  sellerId: string;
  endsAt: string;
}

export interface EndingAuctionDeps {
  /** Active auctions ending in (from, to], by end time, a page at a time (the end-time index). */
  endingAuctions(
    from: string,
    to: string,
    cursor: string | null,
  ): Promise<{ items: EndingAuction[]; cursor: string | null }>;
  /** Users whose wishlist holds the listing (the wishlist's reverse entries). */
  watchersOf(listingId: string): Promise<string[]>;
  /** Users who bid on it (its bid partition). */
  biddersOf(listingId: string): Promise<string[]>;
  store: Pick<NotificationStore, 'notified'>;
  events: EventPublisher;
}

export const auctionEndingKey = (listingId: string) => `auction_ending:${listingId}`;

function endingRequest(auction: EndingAuction, userId: string, at: Date): DomainEventOf<'notify.requested'> {
  const dedupeKey = auctionEndingKey(auction.listingId);
  return {
    id: `notify.requested:${dedupeKey}:${userId}`,
    occurredAt: at.toISOString(),
    type: 'notify.requested',
    data: {
      userId,
      type: 'auction_ending',
      title: 'Auction Ending Soon',
      message: `"${auction.title}" ends within the hour.`.slice(0, NOTIFICATION_MESSAGE_MAX),
      relatedId: auction.listingId,
      dedupeKey,
    },
  };
}

/**
 * The schedule's rule, for its run at `at`: everyone who bid on or saved an auction ending within the hour is told once
 * per auction. The auctions come from the end-time index, their bidders from the bid partition and their watchers
 * from the wishlist's reverse entries; pairs already told are skipped here (a cheap read) and notify's dedupe key makes
 * a second run or a race harmless anyway. Soft close only moves an end later, by minutes: an auction told of stays
 * told, and someone who first bids within the last hour is told at the next run.
 */
export async function auctionEndingNotices(
  at: Date,
  deps: EndingAuctionDeps,
): Promise<{ auctions: number; requested: number }> {
  const from = at.toISOString();
  const to = new Date(at.getTime() + ENDING_NOTICE_MS).toISOString();
  let auctions = 0;
  let requested = 0;
  let cursor: string | null = null;
  do {
    const page = await deps.endingAuctions(from, to, cursor);
    cursor = page.cursor;
    auctions += page.items.length;
    const pairs = (
      await Promise.all(
        page.items.map(async (auction) => {
          const [watchers, bidders] = await Promise.all([
            deps.watchersOf(auction.listingId),
            deps.biddersOf(auction.listingId),
          ]);
          // A seller saving their own auction needs no reminder of it.
          return [...new Set([...bidders, ...watchers])]
            .filter((u) => u !== auction.sellerId)
            .map((userId) => ({ auction, userId }));
        }),
      )
    ).flat();
    if (pairs.length === 0) continue;
    const told = await deps.store.notified(
      pairs.map((p) => ({ userId: p.userId, dedupeKey: auctionEndingKey(p.auction.listingId) })),
    );
    const requests = pairs
      .filter((p) => !told.has(`${p.userId} ${auctionEndingKey(p.auction.listingId)}`))
      .map((p) => endingRequest(p.auction, p.userId, at));
    if (requests.length > 0) await deps.events.publish(requests);
    requested += requests.length;
  } while (cursor);
  return { auctions, requested };
}
