import { formatUsd } from '../../../shared/domain/money';
import { NOTIFICATION_MESSAGE_MAX } from '../../../shared/domain/notification';
import { ACCEPTED_OFFER_VALID_MS, OFFER_TOASTS, type Offer } from '../../../shared/domain/offers';
import { userTopic, type DomainEventOf } from '../../../shared/events';
import type { ConversationRecord } from '../messages/ports';

/** The bell's title of a new offer (the answers use the toast's words, 'Offer {status}'). */
export const NEW_OFFER_TITLE = 'New Offer';

/** The offer as it is now on both parties' topics (their open chats update its card). One id per offer and status. */
export function offerUpdatedEvents(offer: Offer, at: string): DomainEventOf<'offer.updated'>[] {
  return [offer.buyerId, offer.sellerId].map((userId) => ({
    id: `offer.updated:${offer.id}:${offer.status}:${userId}`,
    type: 'offer.updated' as const,
    topic: userTopic(userId),
    occurredAt: at,
    data: { offer },
  }));
}

const usernameOf = (c: ConversationRecord, userId: string) =>
  userId === c.buyerId ? c.buyerUsername : c.sellerUsername;

/** What the party to notify reads of the offer's new status (`offer` as it is now; a counter: the new round). */
function noticeText(c: ConversationRecord, offer: Offer): string {
  const item = c.listing?.title ?? 'the item';
  const price = formatUsd(offer.amountCents);
  const sender = usernameOf(c, offer.senderId);
  const receiver = usernameOf(c, offer.senderId === c.buyerId ? c.sellerId : c.buyerId);
  switch (offer.status) {
    case 'pending':
      return offer.round === 1
        ? `${sender} offered ${price} for ${item}.`
        : `${sender} countered with ${price} for ${item}.`;
    case 'accepted':
      return offer.senderId === offer.buyerId
        ? `${receiver} accepted your offer of ${price} for ${item}. Buy it at that price within ${
            ACCEPTED_OFFER_VALID_MS / 3_600_000
          } hours.`
        : `${receiver} accepted your offer of ${price} for ${item}.`;
    case 'rejected':
      return `${receiver} rejected your offer of ${price} for ${item}.`;
    case 'countered':
      return `${receiver} answered your offer of ${price} for ${item} with a counteroffer.`;
    case 'expired':
      return `Your offer of ${price} for ${item} expired without an answer.`;
    case 'declined':
      return `${item} sold out, so the offer of ${price} was declined.`;
  }
}

/**
 * An 'offer' notification (spec part 2: its related id is the listing, so the bell opens /item/{id}) to `userId`
 * about the offer in its new state: a new round goes to its receiver, an answer or expiry to the offer's sender, a
 * decline to the buyer. At most one per offer, status and user.
 */
export function offerNotice(c: ConversationRecord, offer: Offer, userId: string): DomainEventOf<'notify.requested'> {
  const title =
    offer.status !== 'pending'
      ? OFFER_TOASTS.responded(offer.status)
      : offer.round === 1
        ? NEW_OFFER_TITLE
        : OFFER_TOASTS.responded('countered');
  return {
    id: `notify:offer:${offer.id}:${offer.status}:${userId}`,
    type: 'notify.requested',
    occurredAt: offer.updatedAt,
    data: {
      userId,
      type: 'offer',
      title,
      message: noticeText(c, offer).slice(0, NOTIFICATION_MESSAGE_MAX),
      relatedId: offer.listingId,
      dedupeKey: `offer:${offer.id}:${offer.status}`,
    },
  };
}
