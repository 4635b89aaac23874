import type { ConversationSummary } from '../../../shared/api/messages';
import type { ConversationRole, Message } from '../../../shared/domain/messages';
import { NotFoundError } from '../../lib/errors';
import type { ListingSummary } from '../listings/listing';
import type { MediaUrl } from '../listings/to-card';
import type { ConversationRecord, InboxEntry, ListingSnapshot, MessageRecord } from './ports';

/** The list shows this much of the last message; the chat reads the whole. */
export const LAST_MESSAGE_PREVIEW = 200;

export interface Side {
  role: ConversationRole;
  otherUserId: string;
  otherUsername: string;
}

/** The user's side of the conversation, or null when the user is not one of its two parties. */
export function sideOf(c: ConversationRecord, userId: string): Side | null {
  if (userId === c.buyerId) return { role: 'buyer', otherUserId: c.sellerId, otherUsername: c.sellerUsername };
  if (userId === c.sellerId) return { role: 'seller', otherUserId: c.buyerId, otherUsername: c.buyerUsername };
  return null;
}

/** Only the two parties may read or write a conversation: to anyone else it does not exist. */
export function partySide(c: ConversationRecord | null, userId: string): { c: ConversationRecord; side: Side } {
  const side = c && sideOf(c, userId);
  if (!c || !side) throw new NotFoundError('Conversation not found');
  return { c, side };
}

/** A party's entry as it stands before any message of theirs or to them (the starter's, or the seller's until then). */
export function blankEntry(c: ConversationRecord, side: Side, userId: string): InboxEntry {
  return {
    userId,
    conversationId: c.conversationId,
    ...side,
    listingId: c.listingId,
    listing: c.listing,
    createdAt: c.createdAt,
    lastActivityAt: c.createdAt,
    lastMessage: null,
    unread: 0,
    lastReadAt: null,
  };
}

export function usernameOf(c: ConversationRecord, userId: string): string {
  return userId === c.buyerId ? c.buyerUsername : c.sellerUsername;
}

export function toMessage(c: ConversationRecord, m: MessageRecord): Message {
  return {
    id: m.messageId,
    conversationId: m.conversationId,
    senderId: m.senderId,
    senderUsername: usernameOf(c, m.senderId),
    type: m.kind,
    content: m.content,
    createdAt: m.createdAt,
    ...(m.offerId !== undefined && { offerId: m.offerId }),
  };
}

/** What a conversation keeps of its listing for the list: the title and the first photo's thumbnail. */
export function snapshotOf(l: ListingSummary): ListingSnapshot {
  const first = l.images?.[0];
  return { title: l.title, imageKey: first ? (first.thumbKey ?? first.key) : null };
}

/**
 * An entry as the list shows it. The listing is the snapshot the conversation took (decision 032): the list is one
 * index query, with no read of the listings.
 */
export function toSummary(e: InboxEntry, mediaUrl: MediaUrl): ConversationSummary {
  return {
    id: e.conversationId,
    role: e.role,
    listing:
      e.listingId === null
        ? null
        : {
            id: e.listingId,
            title: e.listing?.title ?? '',
            imageUrl: e.listing?.imageKey ? mediaUrl(e.listing.imageKey) : null,
          },
    otherParty: { id: e.otherUserId, username: e.otherUsername },
    lastMessage: e.lastMessage && {
      senderId: e.lastMessage.senderId,
      type: e.lastMessage.kind,
      content: e.lastMessage.content,
      createdAt: e.lastMessage.createdAt,
    },
    unreadCount: e.unread,
    createdAt: e.createdAt,
    updatedAt: e.lastActivityAt,
  };
}
