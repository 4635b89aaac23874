import type { NotificationDeps } from './ports';
import { readEvent } from './read-event';

/** Marks every unread notification of the user read; the user's other tabs hear of it when any was. */
export async function markAllNotificationsRead(userId: string, deps: NotificationDeps) {
  const marked = await deps.store.markAllRead(userId);
  const unreadCount = await deps.store.unreadCount(userId);
  if (marked > 0) await deps.events.publish([readEvent(userId, null, unreadCount, deps.clock.now())]);
  return { marked, unreadCount };
}
