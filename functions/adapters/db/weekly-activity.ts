import { encodeTime } from 'ulid';
import type { MessageRow, SaleRow, WeeklyActivityPort } from '../../core/seller-settings/weekly-figures';
import type { Db } from './service';

/** The first id of the ULID shape made at `at` or later: its time part (ids sort by it). */
const idFrom = (at: Date) => encodeTime(at.getTime(), 10);

/**
 * A seller's week from their own indexes (decision 057): their orders by creation time, their conversations as seller by
 * last activity, and each such conversation's messages by id (ULIDs, so a time range is a key range). Nothing is
 * scanned, and only the attributes the figures need come back.
 */
export function weeklyActivity(db: Db): WeeklyActivityPort {
  const { order, inboxEntry, message } = db.entities;
  return {
    async salesMade(sellerId, from, to) {
      const { data } = await order.query
        .bySeller({ sellerId })
        .between({ createdAt: from.toISOString() }, { createdAt: to.toISOString() })
        .where((a, op) => op.eq(a.status, 'completed'))
        .go({ pages: 'all', attributes: ['status', 'completedAt', 'totalCents'] });
      return data.map((r): SaleRow => ({
        status: r.status,
        completedAt: r.completedAt ?? null,
        totalCents: r.totalCents,
      }));
    },

    async sellerConversations(sellerId, since) {
      const { data } = await inboxEntry.query
        .byUserActivity({ userId: sellerId })
        .gte({ lastActivityAt: since.toISOString() })
        .where((a, op) => op.eq(a.role, 'seller'))
        .go({ pages: 'all', attributes: ['conversationId'] });
      return data.map((r) => r.conversationId);
    },

    async messagesIn(conversationId, from, to) {
      // Inclusive bounds: an id made at `to` is longer than its time part, so it sorts after it and stays out.
      const { data } = await message.query
        .byConversation({ conversationId })
        .between({ messageId: idFrom(from) }, { messageId: idFrom(to) })
        .go({ pages: 'all', attributes: ['kind', 'senderId'] });
      return data.map((r): MessageRow => ({ kind: r.kind, senderId: r.senderId }));
    },
  };
}
