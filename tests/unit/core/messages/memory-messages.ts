import { vi } from 'vitest';
import { LAST_MESSAGE_PREVIEW, sideOf } from '../../../../functions/core/messages/conversation-view';
import type {
  ConversationRecord,
  InboxEntry,
  MessageRecord,
  MessageStore,
  MessagingDeps,
} from '../../../../functions/core/messages/ports';
import type { ListingSummary } from '../../../../functions/core/listings/listing';
import type { DomainEvent } from '../../../../shared/events';

/**
 * The message store's contract in memory (what adapters/db/message-store.ts does with the table): entries per party,
 * the seller's made by the first message, unread counts per entry and per user kept together.
 */
export function memoryMessageStore() {
  const conversations = new Map<string, ConversationRecord>();
  const messages: MessageRecord[] = [];
  const entries = new Map<string, InboxEntry>();
  const totals = new Map<string, number>();
  const key = (userId: string, conversationId: string) => `${userId} ${conversationId}`;

  const store: MessageStore = {
    async conversation(id) {
      return conversations.get(id) ?? null;
    },
    async createConversation(c, starter) {
      if (conversations.has(c.conversationId)) return 'exists';
      conversations.set(c.conversationId, c);
      entries.set(key(starter.userId, c.conversationId), starter);
      return 'created';
    },
    async entry(userId, _other, conversationId) {
      return entries.get(key(userId, conversationId)) ?? null;
    },
    async recent(userId, limit) {
      return [...entries.values()]
        .filter((e) => e.userId === userId)
        .sort((a, b) => b.lastActivityAt.localeCompare(a.lastActivityAt))
        .slice(0, limit);
    },
    async entriesWith(userId, otherUserId, limit) {
      return [...entries.values()].filter((e) => e.userId === userId && e.otherUserId === otherUserId).slice(0, limit);
    },
    async append(c, m) {
      if (!conversations.has(c.conversationId)) throw new Error('no such conversation');
      if (messages.some((x) => x.messageId === m.messageId)) return false;
      messages.push(m);
      conversations.set(c.conversationId, { ...c, updatedAt: m.createdAt });
      for (const userId of [c.buyerId, c.sellerId]) {
        const k = key(userId, c.conversationId);
        const before = entries.get(k);
        const recipient = userId !== m.senderId;
        entries.set(k, {
          userId,
          conversationId: c.conversationId,
          ...sideOf(c, userId)!,
          listingId: c.listingId,
          listing: c.listing,
          createdAt: c.createdAt,
          lastActivityAt: m.createdAt,
          lastMessage: { ...m, content: m.content.slice(0, LAST_MESSAGE_PREVIEW) },
          unread: (before?.unread ?? 0) + (recipient ? 1 : 0),
          lastReadAt: before?.lastReadAt ?? null,
        });
        if (recipient) totals.set(userId, (totals.get(userId) ?? 0) + 1);
      }
      return true;
    },
    async messages(conversationId, q) {
      const rows = messages
        .filter((m) => m.conversationId === conversationId && (!q.before || m.messageId < q.before))
        .sort((a, b) => b.messageId.localeCompare(a.messageId));
      return { items: rows.slice(0, q.limit), more: rows.length > q.limit };
    },
    async markRead(userId, _other, conversationId, at) {
      const e = entries.get(key(userId, conversationId));
      if (!e || e.unread === 0) return 0;
      entries.set(key(userId, conversationId), { ...e, unread: 0, lastReadAt: at });
      totals.set(userId, (totals.get(userId) ?? 0) - e.unread);
      return e.unread;
    },
    async unreadTotal(userId) {
      return totals.get(userId) ?? 0;
    },
  };
  return { store, conversations, messages, entries };
}

export const T0 = Date.parse('2026-06-01T12:00:00.000Z');

export function aListing(over: Partial<ListingSummary> = {}): ListingSummary {
  return {
    listingId: 'L1',
    sellerId: 'SELLER',
    sellerUsername: 'sam',
    title: 'Brass Lantern',
    category: 'Home & Garden',
    condition: 'good',
    listingType: 'fixed',
    priceCents: 4_500,
    images: [{ key: 'listing-photos/L1/a.jpg', thumbKey: 'listing-photos/L1/a-thumb.webp' }],
    status: 'active',
    sortPriceCents: 4_500,
    createdAt: '2026-05-01T00:00:00.000Z',
    ...over,
  };
}

/** Deps over the memory store: users BUYER (bea), SELLER (sam), OTHER (olly); a clock that moves a second a call. */
export function messagingDeps(listings: ListingSummary[] = [aListing()]) {
  const memory = memoryMessageStore();
  const users: Record<string, string> = { BUYER: 'bea', SELLER: 'sam', OTHER: 'olly' };
  let tick = 0;
  let ids = 0;
  const published: DomainEvent[] = [];
  const deps = {
    store: memory.store,
    listings: vi.fn(async (ids: string[]) => listings.filter((l) => ids.includes(l.listingId))),
    user: vi.fn(async (userId: string) => (users[userId] ? { userId, username: users[userId]! } : null)),
    mediaUrl: (k: string) => `https://media.test/${k}`,
    events: { publish: vi.fn(async (events: readonly DomainEvent[]) => void published.push(...events)) },
    limitSends: vi.fn(async () => undefined),
    limitStarts: vi.fn(async () => undefined),
    // Every seller takes new conversations unless a test says otherwise (decision 057).
    directContact: {
      allowed: vi.fn(async (_sellerId: string) => true),
      hasOrder: vi.fn(async (_buyerId: string, _sellerId: string, _listingId: string) => false),
    },
    // ULID-like: time-ordered strings.
    newId: () => `01M${String(++ids).padStart(23, '0')}`,
    clock: { now: () => new Date(T0 + 1000 * tick++) },
    warn: vi.fn(),
  } satisfies MessagingDeps;
  return { deps, memory, published };
}
