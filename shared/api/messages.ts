import * as z from 'zod/mini';
import { CONVERSATION_ROLES, MESSAGE_KINDS, MESSAGES_PAGE_MAX, messageSchema } from '../domain/messages';
import { defineContract } from './contract';

/**
 * Conversations and messages (spec part 2 "Messages page", part 1 "Contact seller and wishlist"; decision 032). Only
 * the two parties of a conversation read or write it; to anyone else it does not exist (404).
 */

/** Conversation ids are 26 Crockford base32 characters, made on the server from (listing or seller, buyer). */
export const conversationIdSchema = z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Not a conversation id'));
/** Message ids are ULIDs: time-ordered. */
export const messageIdSchema = z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Not a message id'));
const userId = z.string().check(z.regex(/^[0-9A-Za-z]{1,64}$/, 'Not a user id'));
const listingId = z.string().check(z.regex(/^[0-9A-Za-z]{1,64}$/, 'Not a listing id'));
const count = z.number().check(z.int(), z.nonnegative());

/** One conversation of the list (spec: listing, the other party with username, last message, unread count). */
export const conversationSummarySchema = z.object({
  id: z.string(),
  /** The viewer's side of it. */
  role: z.enum(CONVERSATION_ROLES),
  /**
   * What it is about, as the listing was when the conversation began (title, first photo); null for one started from a
   * store page (no listing).
   */
  listing: z.nullable(z.object({ id: z.string(), title: z.string(), imageUrl: z.nullable(z.string()) })),
  otherParty: z.object({ id: z.string(), username: z.string() }),
  lastMessage: z.nullable(
    z.object({ senderId: z.string(), type: z.enum(MESSAGE_KINDS), content: z.string(), createdAt: z.string() }),
  ),
  /** The viewer's unread messages in it. */
  unreadCount: count,
  createdAt: z.string(),
  /** Last activity: the newest message, else when it was started. */
  updatedAt: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/**
 * Contact Seller: finds or makes the one conversation of (listing, the caller as buyer, its seller), or from a store
 * page of (the store's user, the caller). 403 'Cannot Contact Yourself' for one's own listing or store.
 */
export const startConversation = defineContract({
  method: 'POST',
  path: '/api/me/conversations',
  body: z.union([z.strictObject({ listingId }), z.strictObject({ sellerId: userId })]),
  response: z.object({ conversation: conversationSummarySchema, created: z.boolean() }),
});

/** The 20 most recent by last activity; `with` a user id: the conversations with that user instead. */
export const listConversations = defineContract({
  method: 'GET',
  path: '/api/me/conversations',
  query: z.strictObject({ with: z.optional(userId) }),
  response: z.object({ items: z.array(conversationSummarySchema), unreadCount: count }),
});

export const getConversation = defineContract({
  method: 'GET',
  path: '/api/me/conversations/{conversationId}',
  params: z.strictObject({ conversationId: conversationIdSchema }),
  response: conversationSummarySchema,
});

/** Newest page first; `before` a message id for older ones. Items come oldest first, as the chat shows them. */
export const listMessages = defineContract({
  method: 'GET',
  path: '/api/me/conversations/{conversationId}/messages',
  params: z.strictObject({ conversationId: conversationIdSchema }),
  query: z.strictObject({
    before: z.optional(messageIdSchema),
    limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(MESSAGES_PAGE_MAX))),
  }),
  response: z.object({
    items: z.array(messageSchema),
    /** Older messages exist (ask with `before` the first item's id). */
    more: z.boolean(),
    /** When the other party last read the conversation (the chat's 'Seen'); null: never. */
    otherReadAt: z.nullable(z.string()),
  }),
});

/**
 * Any string passes the contract: the messaging rule (shared/domain/messages.ts) refuses an empty or over-long one with
 * its own text (400), on the server as in the chat. Idempotency-Key required.
 */
export const sendMessage = defineContract({
  method: 'POST',
  path: '/api/me/conversations/{conversationId}/messages',
  params: z.strictObject({ conversationId: conversationIdSchema }),
  body: z.strictObject({ content: z.string() }),
  response: messageSchema,
});

export const markConversationRead = defineContract({
  method: 'POST',
  path: '/api/me/conversations/{conversationId}/read',
  params: z.strictObject({ conversationId: conversationIdSchema }),
  body: z.strictObject({}),
  response: z.object({ conversationId: z.string(), unreadCount: count }),
});

/** The header's account panel: unread messages in all the caller's conversations. */
export const getUnreadMessageCount = defineContract({
  method: 'GET',
  path: '/api/me/messages/unread',
  response: z.object({ unreadCount: count }),
});
