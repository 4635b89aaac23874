import type { ConversationSummary } from '../../../shared/api/messages';
import { CONVERSATIONS_LIST_LIMIT, MESSAGES_PAGE_SIZE, type Message } from '../../../shared/domain/messages';
import { blankEntry, partySide, toMessage, toSummary } from './conversation-view';
import { conversationReadEvents } from './message-events';
import type { MessagingDeps } from './ports';

type ListDeps = Pick<MessagingDeps, 'store' | 'mediaUrl'>;

/**
 * The caller's conversations (spec part 2: the 20 most recent by last activity, each with its listing, the other
 * party, the last message and the unread count) and their unread total; `withUser`: those with that user instead (the
 * seller's link by a buyer's id), most recent first.
 */
export async function listConversations(
  userId: string,
  withUser: string | undefined,
  deps: ListDeps,
): Promise<{ items: ConversationSummary[]; unreadCount: number }> {
  const [entries, unreadCount] = await Promise.all([
    withUser === undefined
      ? deps.store.recent(userId, CONVERSATIONS_LIST_LIMIT)
      : deps.store
          .entriesWith(userId, withUser, CONVERSATIONS_LIST_LIMIT)
          .then((found) => found.sort((a, b) => b.lastActivityAt.localeCompare(a.lastActivityAt))),
    deps.store.unreadTotal(userId),
  ]);
  return { items: entries.map((e) => toSummary(e, deps.mediaUrl)), unreadCount };
}

/** One conversation of the caller's (a link to one older than the list's 20); anyone else's is 404. */
export async function getConversation(userId: string, conversationId: string, deps: ListDeps) {
  const { c, side } = partySide(await deps.store.conversation(conversationId), userId);
  const entry = (await deps.store.entry(userId, side.otherUserId, conversationId)) ?? blankEntry(c, side, userId);
  return toSummary(entry, deps.mediaUrl);
}

/** A page of the conversation's messages, oldest first, and when the other party last read it. */
export async function listMessages(
  userId: string,
  conversationId: string,
  q: { before?: string; limit?: number },
  deps: Pick<MessagingDeps, 'store'>,
): Promise<{ items: Message[]; more: boolean; otherReadAt: string | null }> {
  const { c, side } = partySide(await deps.store.conversation(conversationId), userId);
  const [page, other] = await Promise.all([
    deps.store.messages(conversationId, { before: q.before, limit: q.limit ?? MESSAGES_PAGE_SIZE }),
    deps.store.entry(side.otherUserId, userId, conversationId),
  ]);
  return {
    items: page.items.map((m) => toMessage(c, m)).reverse(),
    more: page.more,
    otherReadAt: other?.lastReadAt ?? null,
  };
}

/**
 * The caller read the conversation: its unread count goes to 0 and off their total; the reader's other tabs and the
 * other party (their 'Seen') hear of it. Reading with nothing unread changes nothing and tells no one.
 */
export async function markConversationRead(
  userId: string,
  conversationId: string,
  deps: Pick<MessagingDeps, 'store' | 'events' | 'now' | 'warn'>,
): Promise<{ conversationId: string; unreadCount: number }> {
  const { side } = partySide(await deps.store.conversation(conversationId), userId);
  const at = deps.now().toISOString();
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

export async function unreadMessageCount(userId: string, deps: Pick<MessagingDeps, 'store'>) {
  return { unreadCount: await deps.store.unreadTotal(userId) };
}
