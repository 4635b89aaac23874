import { formatUsd } from '../../shared/domain/money';
import { NOTIFICATION_MESSAGE_MAX } from '../../shared/domain/notification';
import { listingTopic, type DomainEvent } from '../../shared/events';
import type { BidEvents } from '../core/bids/ports';
import { eventQueue } from './event-queue';

/**
 * A bid's announcements: the auction's new public state on the listing's topic (every open page), and a 'bid'
 * notification to the bidder who lost the lead. Ids are the bid's, so a re-send is recognisably the same.
 */
export const bidEvents: BidEvents = {
  async placed({ listing, accepted, bid, reserveStatus }) {
    const events: DomainEvent[] = [
      {
        id: `bid:${bid.bidId}`,
        type: 'bid.placed',
        topic: listingTopic(listing.listingId),
        occurredAt: bid.at,
        data: {
          listingId: listing.listingId,
          currentBidCents: accepted.priceCents,
          bidCount: accepted.state.bidCount,
          endsAt: accepted.endsAt,
          reserveStatus,
          buyItNowRemoved: accepted.buyItNowRemoved,
          leads: accepted.leading,
          bid: { id: bid.bidId, bidderUsername: bid.bidderUsername, amountCents: bid.amountCents, at: bid.at },
        },
      },
    ];
    if (accepted.outbidBidderId) {
      events.push({
        id: `notify:outbid:${bid.bidId}`,
        type: 'notify.requested',
        occurredAt: bid.at,
        data: {
          userId: accepted.outbidBidderId,
          type: 'bid',
          title: "You've been outbid",
          message: `Someone bid more than your maximum on "${listing.title}". The current bid is ${formatUsd(
            accepted.priceCents,
          )}.`.slice(0, NOTIFICATION_MESSAGE_MAX),
          relatedId: listing.listingId,
          dedupeKey: `outbid:${bid.bidId}`,
        },
      });
    }
    await eventQueue.publish(events);
  },
};
