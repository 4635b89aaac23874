import type { ConversationSummary } from '../../../shared/api/messages';
import { CONVERSATIONS_LIST_LIMIT } from '../../../shared/domain/messages';
import { toSummary } from './conversation-view';
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
