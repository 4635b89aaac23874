import { NOTIFICATION_MESSAGE_MAX } from '../../../shared/domain/notification';
import type { Message, UnreadCounts } from '../../../shared/domain/messages';
import { userTopic, type DomainEvent, type DomainEventOf } from '../../../shared/events';
import type { ConversationRecord } from './ports';

/** Spec part 2 Notification type 'message'; the bell's line. */
export const MESSAGE_NOTIFICATION_TITLE = 'New Message';

/**
 * A stored message on both parties' topics: the recipient's copy with their unread counts (their open chat and header
 * move at once), the sender's without (other tabs). Ids are the message's, so a re-send is recognisably the same.
 */
export function messageCreatedEvents(message: Message, recipientId: string, unread: UnreadCounts): DomainEvent[] {
  const base = { occurredAt: message.createdAt, type: 'message.created' as const };
  return [
    {
      ...base,
      id: `message.created:${message.id}:${recipientId}`,
      topic: userTopic(recipientId),
      data: { message, unread },
    },
    {
      ...base,
      id: `message.created:${message.id}:${message.senderId}`,
      topic: userTopic(message.senderId),
      data: { message, unread: null },
    },
  ];
}

/**
 * What a sent text message announces: the message to both parties, and a 'message' notification to the recipient when
 * it is the first unread one of the conversation (later ones before they read it don't ring the bell again).
 */
export function messageSentEvents(
  c: ConversationRecord,
  message: Message,
  recipientId: string,
  unread: UnreadCounts,
): DomainEvent[] {
  const events = messageCreatedEvents(message, recipientId, unread);
  if (unread.conversation === 1) {
    const notify: DomainEventOf<'notify.requested'> = {
      id: `notify:message:${message.id}`,
      occurredAt: message.createdAt,
      type: 'notify.requested',
      data: {
        userId: recipientId,
        type: 'message',
        title: MESSAGE_NOTIFICATION_TITLE,
        message: `${message.senderUsername}: ${message.content}`.slice(0, NOTIFICATION_MESSAGE_MAX),
        relatedId: c.conversationId,
        dedupeKey: `message:${message.id}`,
      },
    };
    events.push(notify);
  }
  return events;
}

/** A read: the reader's new total to their own topic, the time of it to the other party's. */
export function conversationReadEvents(
  conversationId: string,
  readerId: string,
  otherUserId: string,
  readAt: string,
  unreadCount: number,
): DomainEventOf<'conversation.read'>[] {
  const base = { occurredAt: readAt, type: 'conversation.read' as const };
  const data = { conversationId, readerId, readAt };
  return [
    {
      ...base,
      id: `conversation.read:${conversationId}:${readerId}:${readAt}`,
      topic: userTopic(readerId),
      data: { ...data, unreadCount },
    },
    {
      ...base,
      id: `conversation.read:${conversationId}:${readerId}:${readAt}:other`,
      topic: userTopic(otherUserId),
      data: { ...data, unreadCount: null },
    },
  ];
}
