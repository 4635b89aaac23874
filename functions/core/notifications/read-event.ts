import { type DomainEventOf, userTopic } from '../../../shared/events';

/** Tells the user's other tabs which notifications were read (null: all) and the unread count now. */
export function readEvent(
  userId: string,
  ids: string[] | null,
  unreadCount: number,
  at: Date,
): DomainEventOf<'notifications.read'> {
  return {
    // Unique per action: two read-alls are two facts.
    id: `notifications.read:${userId}:${ids?.join(',') ?? 'all'}:${at.getTime()}`,
    occurredAt: at.toISOString(),
    type: 'notifications.read',
    topic: userTopic(userId),
    data: { ids, unreadCount },
  };
}
