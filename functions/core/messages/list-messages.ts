import { MESSAGES_PAGE_SIZE, type Message } from '../../../shared/domain/messages';
import { partySide, toMessage } from './conversation-view';
import type { MessagingDeps } from './ports';

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
