import { BELL_LATEST } from '../../../shared/api/notifications';
import { type DomainEventOf, userTopic } from '../../../shared/events';
import { NotFoundError } from '../../lib/errors';
import type { NotificationDeps, NotificationStore } from './ports';

/** The bell: the unread count and the latest few, read side by side (one request from the browser). */
export async function notificationSummary(userId: string, store: NotificationStore) {
  const [unreadCount, page] = await Promise.all([
    store.unreadCount(userId),
    store.page(userId, { limit: BELL_LATEST }),
  ]);
  return { unreadCount, latest: page.items };
}

/** One page of /notifications, newest first; the cursor is the last id shown. */
export async function listNotifications(
  userId: string,
  q: { cursor?: string; limit: number },
  store: NotificationStore,
) {
  const [unreadCount, page] = await Promise.all([
    store.unreadCount(userId),
    store.page(userId, { limit: q.limit, ...(q.cursor && { before: q.cursor }) }),
  ]);
  const last = page.items.at(-1);
  return { items: page.items, nextCursor: page.more && last ? last.id : null, unreadCount };
}

function readEvent(
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

/** Marks one of the user's own notifications read; someone else's id is not found (404), as is an unknown one. */
export async function markNotificationRead(userId: string, id: string, deps: NotificationDeps) {
  const outcome = await deps.store.markRead(userId, id);
  if (outcome === 'missing') throw new NotFoundError('Notification not found');
  const unreadCount = await deps.store.unreadCount(userId);
  // Other tabs of the user move their badge; marking an already read one changes nothing to tell.
  if (outcome === 'marked') await deps.events.publish([readEvent(userId, [id], unreadCount, deps.now())]);
  return { id, read: true as const, unreadCount };
}

export async function markAllNotificationsRead(userId: string, deps: NotificationDeps) {
  const marked = await deps.store.markAllRead(userId);
  const unreadCount = await deps.store.unreadCount(userId);
  if (marked > 0) await deps.events.publish([readEvent(userId, null, unreadCount, deps.now())]);
  return { marked, unreadCount };
}
