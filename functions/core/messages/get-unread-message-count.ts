import type { MessagingDeps } from './ports';

/** The caller's unread messages in all conversations (the header's badge). */
export async function getUnreadMessageCount(userId: string, deps: Pick<MessagingDeps, 'store'>) {
  return { unreadCount: await deps.store.unreadTotal(userId) };
}
