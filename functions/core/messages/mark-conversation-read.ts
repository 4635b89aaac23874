import { partySide } from './conversation-view';
import { conversationReadEvents } from './message-events';
import type { MessagingDeps } from './ports';

/**
 * The caller read the conversation: its unread count goes to 0 and off their total; the reader's other tabs and the
 * other party (their 'Seen') hear of it. Reading with nothing unread changes nothing and tells no one.
 */
export async function markConversationRead(
  userId: string,
  conversationId: string,
  deps: Pick<MessagingDeps, 'store' | 'events' | 'clock' | 'warn'>,
): Promise<{ conversationId: string; unreadCount: number }> {
  const { side } = partySide(await deps.store.conversation(conversationId), userId);
  const at = deps.clock.now().toISOString();
  const marked = await deps.store.markRead(userId, side.otherUserId, conversationId, at);
  const unreadCount = await deps.store.unreadTotal(userId);
  if (marked > 0) {
    try {
      await deps.events.publish(conversationReadEvents(conversationId, userId, side.otherUserId, at, unreadCount));
    } catch (error) {
      deps.warn('conversation read but not announced', error);
    }
  }
  return { conversationId, unreadCount };
}
