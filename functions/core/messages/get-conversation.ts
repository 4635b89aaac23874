import { blankEntry, partySide, toSummary } from './conversation-view';
import type { MessagingDeps } from './ports';

/** One conversation of the caller's (a link to one older than the list's 20); anyone else's is 404. */
export async function getConversation(
  userId: string,
  conversationId: string,
  deps: Pick<MessagingDeps, 'store' | 'mediaUrl'>,
) {
  const { c, side } = partySide(await deps.store.conversation(conversationId), userId);
  const entry = (await deps.store.entry(userId, side.otherUserId, conversationId)) ?? blankEntry(c, side, userId);
  return toSummary(entry, deps.mediaUrl);
}
