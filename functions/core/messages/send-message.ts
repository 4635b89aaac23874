import { messageContentProblem, messageText, type Message } from '../../../shared/domain/messages';
import { BadRequestError } from '../../lib/errors';
import { partySide, toMessage } from './conversation-view';
import { messageSentEvents } from './message-events';
import type { MessageRecord, MessagingDeps } from './ports';

/** The messaging rule (shared with the chat): the text to store, or a 400 with the rule's words. */
export function checkedContent(raw: string): string {
  const problem = messageContentProblem(raw);
  if (problem) throw new BadRequestError(problem, { content: problem });
  return messageText(raw);
}

/**
 * Sends a text message (spec part 2 "Messages"): not empty, at most 2,000 characters, within the sender's rate limit,
 * only by one of the conversation's two parties (anyone else: 404). The message, the conversation's last activity,
 * both parties' list entries and the recipient's unread counts change in one transaction; then the recipient's topic
 * gets it live with their counts, and a 'message' notification when it is the first unread one.
 */
export async function sendMessage(
  userId: string,
  conversationId: string,
  raw: string,
  deps: Pick<MessagingDeps, 'store' | 'events' | 'limitSends' | 'newId' | 'now' | 'warn'>,
): Promise<Message> {
  const content = checkedContent(raw);
  const [read] = await Promise.all([deps.store.conversation(conversationId), deps.limitSends(userId)]);
  const { c, side } = partySide(read, userId);
  const at = deps.now();
  const record: MessageRecord = {
    conversationId,
    messageId: deps.newId(at),
    senderId: userId,
    kind: 'text',
    content,
    createdAt: at.toISOString(),
  };
  await deps.store.append(c, record);
  const message = toMessage(c, record);
  try {
    const [entry, total] = await Promise.all([
      deps.store.entry(side.otherUserId, userId, conversationId),
      deps.store.unreadTotal(side.otherUserId),
    ]);
    const unread = { conversation: entry?.unread ?? 1, total };
    await deps.events.publish(messageSentEvents(c, message, side.otherUserId, unread));
  } catch (error) {
    // Stored is sent: the other party sees it on their next read.
    deps.warn('message stored but not announced', error);
  }
  return message;
}
