import { messageContentProblem, messageText, type Message } from '../../../shared/domain/messages';
import { BadRequestError } from '../../lib/errors';
import { partySide, toMessage } from './conversation-view';
import { messageSentEvents } from './message-events';
import type { MessageRecord, MessageStore, MessagingDeps } from './ports';

/** The messaging rule (shared with the chat): the text to store, or a 400 with the rule's words. */
export function checkedContent(raw: string): string {
  const problem = messageContentProblem(raw);
  if (problem) throw new BadRequestError(problem, { content: problem });
  return messageText(raw);
}

/**
 * The recipient's unread counts right after a message to them was stored (in its conversation and in all), read back
 * for the push: two messages racing to one recipient may push counts a step apart (decision 032).
 */
export async function unreadAfter(
  store: Pick<MessageStore, 'entry' | 'unreadTotal'>,
  conversationId: string,
  recipientId: string,
  senderId: string,
) {
  const [entry, total] = await Promise.all([
    store.entry(recipientId, senderId, conversationId),
    store.unreadTotal(recipientId),
  ]);
  return { conversation: entry?.unread ?? 1, total };
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
  deps: Pick<MessagingDeps, 'store' | 'events' | 'limitSends' | 'newId' | 'clock' | 'warn'>,
): Promise<Message> {
  const content = checkedContent(raw);
  const [read] = await Promise.all([deps.store.conversation(conversationId), deps.limitSends(userId)]);
  const { c, side } = partySide(read, userId);
  const at = deps.clock.now();
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
    const unread = await unreadAfter(deps.store, conversationId, side.otherUserId, userId);
    await deps.events.publish(messageSentEvents(c, message, side.otherUserId, unread));
  } catch (error) {
    // Stored is sent: the other party sees it on their next read.
    deps.warn('message stored but not announced', error);
  }
  return message;
}
