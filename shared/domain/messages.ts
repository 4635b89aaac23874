import * as z from 'zod/mini';

/**
 * Messages between a buyer and a seller (spec part 2 "Messages page", entities Conversation and Message; decision 032).
 * Shared by the server's rules and the chat, so both refuse the same messages with the same words.
 */

/** A message is at most this many characters (UTF-16 code units, as a textarea's maxLength counts them). */
export const MESSAGE_MAX_LENGTH = 2_000;
/** Spec part 2 "Business constants and limits": the conversation list shows the 20 most recent. */
export const CONVERSATIONS_LIST_LIMIT = 20;
/** Messages a chat reads at once (newest first, then older pages on demand). */
export const MESSAGES_PAGE_SIZE = 50;
export const MESSAGES_PAGE_MAX = 100;

/**
 * Spec part 2 Message.message_type: `offer` messages carry their offer's id, `system` messages ('Offer {status}')
 * the id of the offer they answer (decision 032).
 */
export const MESSAGE_KINDS = ['text', 'offer', 'system'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const CONVERSATION_ROLES = ['buyer', 'seller'] as const;
export type ConversationRole = (typeof CONVERSATION_ROLES)[number];

export const EMPTY_MESSAGE = 'Message cannot be empty';
export const MESSAGE_TOO_LONG = 'Messages can be at most 2,000 characters';

/** Control characters other than tab and line breaks, and the noncharacters U+FFFE and U+FFFF. */
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const UNSENDABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
/** A surrogate half without its other half (not a character: it can't be encoded as UTF-8). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * What is stored of a typed message: the text without leading and trailing white space (inner line breaks stay),
 * without control characters (a paste may carry them; they show nothing), a lone surrogate half (not a character, it
 * has no UTF-8 encoding) replaced by U+FFFD.
 */
export const messageText = (raw: string) => raw.replace(UNSENDABLE, '').replace(LONE_SURROGATE, '\uFFFD').trim();

/** Why a message can't be sent, or null: empty (spec part 2 "Empty messages are not sent") or too long. */
export function messageContentProblem(raw: string): string | null {
  const text = messageText(raw);
  if (text.length === 0) return EMPTY_MESSAGE;
  if (text.length > MESSAGE_MAX_LENGTH) return MESSAGE_TOO_LONG;
  return null;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Spec part 2: a conversation's or message's age reads 'Just now', 'Nm ago', 'Nh ago' or 'Nd ago'. */
export function messageAge(iso: string, nowMs: number): string {
  const elapsed = Math.max(0, nowMs - Date.parse(iso));
  if (!Number.isFinite(elapsed) || elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  return `${Math.floor(elapsed / DAY)}d ago`;
}

const count = z.number().check(z.int(), z.nonnegative());

/** One message as both parties see it (spec part 2 Message, with the sender's username). */
export const messageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  senderUsername: z.string(),
  type: z.enum(MESSAGE_KINDS),
  content: z.string(),
  createdAt: z.string(),
  /** An `offer` message's offer (and a `system` message's, when it answers one). */
  offerId: z.optional(z.string()),
});
export type Message = z.infer<typeof messageSchema>;

/** The unread counts a new message leaves its recipient with: in its conversation and in all (the header). */
export const unreadCountsSchema = z.object({ conversation: count, total: count });
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;
