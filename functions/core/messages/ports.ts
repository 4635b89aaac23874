import type { ConversationRole, MessageKind } from '../../../shared/domain/messages';
import type { Clock } from '../clock/clock';
import type { ListingSummary } from '../listings/listing';
import type { MediaUrl } from '../listings/to-card';
import type { EventPublisher } from '../realtime/ports';

/** What a conversation's list line shows of its listing: its title and first photo when the conversation began. */
export interface ListingSnapshot {
  title: string;
  /** The first photo's thumbnail key (media bucket), or null. */
  imageKey: string | null;
}

/** One conversation: a listing (none when started from a store page), its buyer and its seller, with their names. */
export interface ConversationRecord {
  conversationId: string;
  listingId: string | null;
  /** Null exactly when listingId is. */
  listing: ListingSnapshot | null;
  buyerId: string;
  buyerUsername: string;
  sellerId: string;
  sellerUsername: string;
  createdAt: string;
  /** The newest message's time, else createdAt (spec: the conversation's updated_at). */
  updatedAt: string;
  /** The newest offer (round) made in it, whatever its status (decision 033); absent before the first offer. */
  currentOfferId?: string;
}

/** The newest message as the list shows it (its text cut to LAST_MESSAGE_PREVIEW). */
export interface LastMessage {
  messageId: string;
  senderId: string;
  kind: MessageKind;
  content: string;
  createdAt: string;
}

/**
 * One party's side of a conversation, in that party's list: what the list shows without reading the conversation or
 * its messages (the other party, the listing, the last message) and the party's unread count in it.
 */
export interface InboxEntry {
  userId: string;
  conversationId: string;
  role: ConversationRole;
  otherUserId: string;
  otherUsername: string;
  listingId: string | null;
  listing: ListingSnapshot | null;
  createdAt: string;
  /** The list's order: the newest message's time, else when the conversation was started. */
  lastActivityAt: string;
  lastMessage: LastMessage | null;
  unread: number;
  /** When this party last read the conversation (the other party's 'Seen'); null: never. */
  lastReadAt: string | null;
}

export interface MessageRecord {
  conversationId: string;
  /** A ULID: messages sort by it. */
  messageId: string;
  senderId: string;
  kind: MessageKind;
  content: string;
  createdAt: string;
  /** An `offer` message's offer, a `system` message's answered one (decision 033). */
  offerId?: string;
}

export interface MessageStore {
  /** Read strongly consistent; null when there is none. */
  conversation(conversationId: string): Promise<ConversationRecord | null>;
  /** The conversation and its starter's entry in one transaction, unless the conversation exists already. */
  createConversation(c: ConversationRecord, starter: InboxEntry): Promise<'created' | 'exists'>;
  entry(userId: string, otherUserId: string, conversationId: string): Promise<InboxEntry | null>;
  /** The user's entries by last activity, newest first (the activity index: one query, no scan). */
  recent(userId: string, limit: number): Promise<InboxEntry[]>;
  /** The user's entries with one other user (any order). */
  entriesWith(userId: string, otherUserId: string, limit: number): Promise<InboxEntry[]>;
  /**
   * In one transaction: the message, the conversation's updatedAt (it must exist), both parties' entries (last
   * activity and message; the sender's made if missing) and the recipient's unread count in it and in all. False
   * when a message with its id exists already (nothing written).
   */
  append(c: ConversationRecord, m: MessageRecord): Promise<boolean>;
  /** Newest first, `limit` at most, older than `before` when given; `more` when older ones exist. */
  messages(
    conversationId: string,
    q: { before?: string; limit: number },
  ): Promise<{ items: MessageRecord[]; more: boolean }>;
  /**
   * Sets the user's unread count in the conversation to 0 (and lastReadAt), taking as many off their total in the same
   * transaction; how many it took off (0: nothing was unread, nothing written).
   */
  markRead(userId: string, otherUserId: string, conversationId: string, at: string): Promise<number>;
  /** The user's unread messages in all conversations. */
  unreadTotal(userId: string): Promise<number>;
}

/** Whether a seller takes new conversations (decision 057). */
export interface DirectContact {
  /** The seller's allowDirectContact setting (true when they never saved settings). */
  allowed(sellerId: string): Promise<boolean>;
  /** The buyer has a paid order of the listing from the seller: its conversation is about an order, always open. */
  hasOrder(buyerId: string, sellerId: string, listingId: string): Promise<boolean>;
}

export interface MessagingDeps {
  store: MessageStore;
  /** The listings among `ids` that exist (their card fields): Contact Seller's listing. */
  listings(ids: string[]): Promise<ListingSummary[]>;
  user(userId: string): Promise<{ userId: string; username: string } | null>;
  mediaUrl: MediaUrl;
  events: EventPublisher;
  /** Counts one send of the user's; throws a 429 once the user's limit is reached. */
  limitSends(userId: string): Promise<void>;
  /** Counts one new conversation against the caller's limit (RATE_LIMITS.startConversation); throws 429 past it. */
  limitStarts(userId: string): Promise<void>;
  directContact: DirectContact;
  newId(at: Date): string;
  clock: Clock;
  /** Something done but not announced (the events queue failed): logged, the action still stands. */
  warn(message: string, error: unknown): void;
}
