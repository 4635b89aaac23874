import type { NotificationStore } from './ports';

/** One page of /notifications, newest first; the cursor is the last id shown. */
export async function listNotifications(
  userId: string,
  q: { cursor?: string; limit: number },
  deps: { store: NotificationStore },
) {
  const [unreadCount, page] = await Promise.all([
    deps.store.unreadCount(userId),
    deps.store.page(userId, { limit: q.limit, ...(q.cursor && { before: q.cursor }) }),
  ]);
  const last = page.items.at(-1);
  return { items: page.items, nextCursor: page.more && last ? last.id : null, unreadCount };
}
