import { NotFoundError } from '../../lib/errors';
import type { NotificationDeps } from './ports';
import { readEvent } from './read-event';

/** Marks one of the user's own notifications read; someone else's id is not found (404), as is an unknown one. */
export async function markNotificationRead(userId: string, id: string, deps: NotificationDeps) {
  const outcome = await deps.store.markRead(userId, id);
  if (outcome === 'missing') throw new NotFoundError('Notification not found');
  const unreadCount = await deps.store.unreadCount(userId);
  // Other tabs of the user move their badge; marking an already read one changes nothing to tell.
  if (outcome === 'marked') await deps.events.publish([readEvent(userId, [id], unreadCount, deps.clock.now())]);
  return { id, read: true as const, unreadCount };
}
