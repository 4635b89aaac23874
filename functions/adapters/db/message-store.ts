import { LAST_MESSAGE_PREVIEW, sideOf } from '../../core/messages/conversation-view';
import type { ConversationRecord, InboxEntry, MessageRecord, MessageStore } from '../../core/messages/ports';
import type { TransactionEntities } from './listing-close';
import type { Db } from './service';
import { cancelReasons, transactWithRetry, type TransactResult } from './transact';

/** A read that lost the race with a new message tries again (each new message changes the count it must match). */
const MARK_READ_ATTEMPTS = 5;

type EntryRow = {
  userId: string;
  otherUserId: string;
  conversationId: string;
  role: InboxEntry['role'];
  otherUsername: string;
  listingId?: string;
  listingTitle?: string;
  listingImageKey?: string;
  createdAt: string;
  lastActivityAt: string;
  lastMessageId?: string;
  lastMessageSenderId?: string;
  lastMessageKind?: MessageRecord['kind'];
  lastMessageText?: string;
  lastMessageAt?: string;
  unread?: number;
  lastReadAt?: string;
};

function toEntry(r: EntryRow): InboxEntry {
  return {
    userId: r.userId,
    conversationId: r.conversationId,
    role: r.role,
    otherUserId: r.otherUserId,
    otherUsername: r.otherUsername,
    listingId: r.listingId ?? null,
    listing: snapshot(r),
    createdAt: r.createdAt,
    lastActivityAt: r.lastActivityAt,
    lastMessage:
      r.lastMessageId && r.lastMessageSenderId && r.lastMessageKind && r.lastMessageAt
        ? {
            messageId: r.lastMessageId,
            senderId: r.lastMessageSenderId,
            kind: r.lastMessageKind,
            content: r.lastMessageText ?? '',
            createdAt: r.lastMessageAt,
          }
        : null,
    unread: Math.max(0, r.unread ?? 0),
    lastReadAt: r.lastReadAt ?? null,
  };
}

type ConversationRow = Omit<ConversationRecord, 'listingId' | 'listing'> & {
  listingId?: string;
  listingTitle?: string;
  listingImageKey?: string;
};

/** The listing snapshot of a row (conversation or entry): present exactly when it is about a listing. */
const snapshot = (r: { listingId?: string; listingTitle?: string; listingImageKey?: string }) =>
  r.listingId === undefined ? null : { title: r.listingTitle ?? '', imageKey: r.listingImageKey ?? null };

/** A snapshot's stored attributes. */
const snapshotFields = (listing: ConversationRecord['listing']) =>
  listing && { listingTitle: listing.title, ...(listing.imageKey !== null && { listingImageKey: listing.imageKey }) };

const toConversation = (r: ConversationRow): ConversationRecord => ({
  conversationId: r.conversationId,
  listingId: r.listingId ?? null,
  listing: snapshot(r),
  buyerId: r.buyerId,
  buyerUsername: r.buyerUsername,
  sellerId: r.sellerId,
  sellerUsername: r.sellerUsername,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  ...(r.currentOfferId !== undefined && { currentOfferId: r.currentOfferId }),
});

/** An entry's stored fields (no unread: only ADD and the read's SET change it). */
function entryFields(e: Omit<InboxEntry, 'unread' | 'lastReadAt'>) {
  return {
    userId: e.userId,
    otherUserId: e.otherUserId,
    conversationId: e.conversationId,
    role: e.role,
    otherUsername: e.otherUsername,
    ...(e.listingId !== null && { listingId: e.listingId }),
    ...snapshotFields(e.listing),
    createdAt: e.createdAt,
    lastActivityAt: e.lastActivityAt,
    ...(e.lastMessage && {
      lastMessageId: e.lastMessage.messageId,
      lastMessageSenderId: e.lastMessage.senderId,
      lastMessageKind: e.lastMessage.kind,
      lastMessageText: e.lastMessage.content,
      lastMessageAt: e.lastMessage.createdAt,
    }),
  };
}

/** Both parties' entries after message `m`: the conversation's facts, the message as the last one. */
function entriesAfter(c: ConversationRecord, m: MessageRecord) {
  const lastMessage = { ...m, content: m.content.slice(0, LAST_MESSAGE_PREVIEW) };
  return [c.buyerId, c.sellerId].map((userId) =>
    entryFields({
      userId,
      conversationId: c.conversationId,
      ...sideOf(c, userId)!,
      listingId: c.listingId,
      listing: c.listing,
      createdAt: c.createdAt,
      lastActivityAt: m.createdAt,
      lastMessage,
    }),
  );
}

type AppendEntities = Pick<TransactionEntities, 'message' | 'conversation' | 'inboxEntry' | 'messageCounter'>;

/**
 * The writes of one message, for one transaction (decision 032): the message, the conversation's updatedAt (it must
 * exist), both entries (the recipient's `ADD unread 1`) and the recipient's counter. With `offer`, the conversation's
 * current offer moves to a new round in the same write, conditionally on it still being `previous` (decision 033).
 */
export function appendWrites(
  tx: AppendEntities,
  c: ConversationRecord,
  m: MessageRecord,
  offer?: { offerId: string; previous: string | null },
) {
  const recipientId = sideOf(c, m.senderId)!.otherUserId;
  const touched = tx.conversation
    .patch({ conversationId: c.conversationId })
    .set({ updatedAt: m.createdAt, ...(offer && { currentOfferId: offer.offerId }) });
  const conversationWrite = offer
    ? touched.where((a, op) =>
        offer.previous === null ? op.notExists(a.currentOfferId) : op.eq(a.currentOfferId, offer.previous),
      )
    : touched;
  return [
    tx.message.create(m).commit(),
    conversationWrite.commit(),
    ...entriesAfter(c, m).map((fields) =>
      fields.userId === recipientId
        ? tx.inboxEntry.upsert(fields).add({ unread: 1 }).commit()
        : tx.inboxEntry.upsert(fields).commit(),
    ),
    tx.messageCounter.update({ userId: recipientId }).add({ unread: 1 }).commit(),
  ];
}

/** Conversations, their messages, the parties' entries and unread counters in the one table. */
export function messageStore(db: Db): MessageStore {
  const { conversation, message, inboxEntry, messageCounter } = db.entities;

  const entry = async (userId: string, otherUserId: string, conversationId: string) => {
    const { data } = await inboxEntry.get({ userId, otherUserId, conversationId }).go({ consistent: true });
    return data ? toEntry(data as EntryRow) : null;
  };

  return {
    async conversation(conversationId) {
      const { data } = await conversation.get({ conversationId }).go({ consistent: true });
      return data ? toConversation(data) : null;
    },

    async createConversation(c, starter) {
      const result = (await transactWithRetry(
        () =>
          db.transaction
            .write(({ conversation: conv, inboxEntry: e }) => [
              conv
                .create({
                  conversationId: c.conversationId,
                  ...(c.listingId !== null && { listingId: c.listingId }),
                  ...snapshotFields(c.listing),
                  buyerId: c.buyerId,
                  buyerUsername: c.buyerUsername,
                  sellerId: c.sellerId,
                  sellerUsername: c.sellerUsername,
                  createdAt: c.createdAt,
                  updatedAt: c.updatedAt,
                })
                .commit(),
              e.put(entryFields(starter)).commit(),
            ])
            .go() as Promise<TransactResult>,
      )) as TransactResult;
      if (!result.canceled) return 'created';
      if (result.data[0]?.code === 'ConditionalCheckFailed') return 'exists';
      throw new Error(`conversation create cancelled: ${cancelReasons(result)}`);
    },

    entry,

    async recent(userId, limit) {
      const { data } = await inboxEntry.query.byUserActivity({ userId }).go({ order: 'desc', limit });
      return (data as EntryRow[]).map(toEntry);
    },

    async entriesWith(userId, otherUserId, limit) {
      const { data } = await inboxEntry.query.byUserOther({ userId, otherUserId }).go({ limit });
      return (data as EntryRow[]).map(toEntry);
    },

    async append(c, m) {
      const result = await transactWithRetry(
        () => db.transaction.write((tx) => appendWrites(tx, c, m)).go() as Promise<TransactResult>,
      );
      if (!result.canceled) return true;
      if (result.data[0]?.code === 'ConditionalCheckFailed') return false;
      throw new Error(`message append cancelled: ${cancelReasons(result)}`);
    },

    async messages(conversationId, q) {
      const range = message.query
        .byConversation({ conversationId })
        .between({ messageId: '0' }, { messageId: q.before ?? 'Z' });
      const { data } = await range.go({ order: 'desc', limit: q.limit + 2 });
      // The range is inclusive: the cursor's own message comes back first and is not part of the page.
      const rows = data.filter((r) => r.messageId !== q.before);
      return { items: rows.slice(0, q.limit) as MessageRecord[], more: rows.length > q.limit };
    },

    async markRead(userId, otherUserId, conversationId, at) {
      for (let attempt = 1; attempt <= MARK_READ_ATTEMPTS; attempt++) {
        const current = await entry(userId, otherUserId, conversationId);
        const n = current?.unread ?? 0;
        if (n === 0) return 0;
        const result = (await db.transaction
          .write(({ inboxEntry: e, messageCounter: counter }) => [
            e
              .patch({ userId, otherUserId, conversationId })
              .set({ unread: 0, lastReadAt: at })
              .where((a, op) => op.eq(a.unread, n))
              .commit(),
            counter.update({ userId }).subtract({ unread: n }).commit(),
          ])
          .go()) as TransactResult;
        if (!result.canceled) return n;
        if (
          result.data[0]?.code !== 'ConditionalCheckFailed' &&
          !result.data.some((d) => d?.code === 'TransactionConflict')
        ) {
          throw new Error(`mark-read cancelled: ${cancelReasons(result)}`);
        }
      }
      throw new Error(`mark-read of ${conversationId} lost ${MARK_READ_ATTEMPTS} races with new messages`);
    },

    async unreadTotal(userId) {
      const { data } = await messageCounter.get({ userId }).go({ consistent: true });
      return Math.max(0, data?.unread ?? 0);
    },
  };
}
