import { BELL_LATEST } from '../../../shared/api/notifications';
import type { NotificationStore } from './ports';

/** The bell: the unread count and the latest few, read side by side (one request from the browser). */
export async function getNotificationSummary(userId: string, deps: { store: NotificationStore }) {
  const [unreadCount, page] = await Promise.all([
    deps.store.unreadCount(userId),
    deps.store.page(userId, { limit: BELL_LATEST }),
  ]);
  return { unreadCount, latest: page.items };
}
