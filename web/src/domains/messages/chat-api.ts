import useSWR, { type SWRConfiguration } from 'swr';
import useSWRInfinite, { type SWRInfiniteConfiguration } from 'swr/infinite';
import * as contracts from '../../../../shared/api/messages';
import type { ResponseOf } from '../../../../shared/api/contract';
import { apiGet, apiSend, newIdempotencyKey } from '../../lib/api';
import { keys } from '../keys';

/**
 * The /messages page's reads and writes (spec part 2 "Messages page"): the conversation list, one conversation, its
 * messages a page at a time, marking it read and sending. What the page does with them (live updates, toasts) is the
 * messages feature's.
 */

export type ConversationPage = ResponseOf<typeof contracts.listConversations>;
export type MessagePage = ResponseOf<typeof contracts.listMessages>;
type MessagePageKey = ReturnType<typeof keys.messages>;

/** The caller's 20 most recent conversations, or (`withUser`, a user id) their conversations with that user. */
export function listConversations(token: string, withUser?: string, signal?: AbortSignal) {
  return apiGet(contracts.listConversations, {
    query: withUser === undefined ? {} : { with: withUser },
    token,
    signal,
  });
}

/** The signed-in user's conversation list; one cache entry per user (keys.conversations). */
export function useConversationList(userId: string, token: string, config?: SWRConfiguration<ConversationPage>) {
  return useSWR(keys.conversations(userId), () => listConversations(token), config);
}

/** One conversation of the caller's by its id (404: none such). */
export function getConversation(token: string, conversationId: string, signal?: AbortSignal) {
  return apiGet(contracts.getConversation, { params: { conversationId }, token, signal });
}

/** A page of a conversation's messages: the newest, or (`before` a message id) the one before it. */
export function listMessages(token: string, conversationId: string, before: string | null) {
  return apiGet(contracts.listMessages, { params: { conversationId }, query: before ? { before } : {}, token });
}

/**
 * A conversation's messages, newest page first, each further page the one before the oldest message read (while the
 * server says there are `more`).
 */
export function useMessagePages(
  userId: string,
  conversationId: string,
  token: string,
  config?: SWRInfiniteConfiguration<MessagePage, Error>,
) {
  return useSWRInfinite<MessagePage, Error, (i: number, prev: MessagePage | null) => MessagePageKey | null>(
    (i, prev) =>
      i > 0 && !prev?.more ? null : keys.messages(userId, conversationId, i === 0 ? null : prev!.items[0]!.id),
    ([, , id, before]) => listMessages(token, id, before),
    config,
  );
}

/** Marks a conversation read by the caller; answers with their unread count in all conversations. */
export function markConversationRead(token: string, conversationId: string) {
  return apiSend(contracts.markConversationRead, { params: { conversationId }, body: {}, token });
}

/** Sends one message, with its own Idempotency-Key (a retry never sends it twice); answers with the message. */
export function sendMessage(token: string, conversationId: string, content: string) {
  return apiSend(contracts.sendMessage, {
    params: { conversationId },
    body: { content },
    token,
    idempotencyKey: newIdempotencyKey(),
  });
}
