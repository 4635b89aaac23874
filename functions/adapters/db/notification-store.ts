import type { NotificationStore } from '../../core/notifications/ports';
import { createNotification } from './notification-creates';
import { storedNotification, toNotification } from './notification-rows';
import { readByKey } from './read-by-key';
import type { Db } from './service';
import { cancelReasons, failedAt, transactWithRetry, type TransactResult } from './transact';

/** Notifications marked per transaction by mark-all-read: DynamoDB allows 100 items, the counter is one more. */
export const MARK_ALL_BATCH = 50;
/** Re-tries of one mark-all batch after dropping items another request read first. */
const BATCH_ATTEMPTS = 4;

/** Notifications, their dedupe keys and the unread counter, always written together in one transaction. */
export function notificationStore(db: Db): NotificationStore {
  const { notification, notificationCounter, notificationKey } = db.entities;

  const get = (userId: string, notificationId: string) => storedNotification(db, userId, notificationId);

  /** Marks these unread notifications read and uncounts them in one transaction; the ids it marked. */
  async function markBatch(userId: string, ids: string[]): Promise<string[]> {
    let pending = ids;
    for (let attempt = 1; pending.length > 0; attempt++) {
      const batch = pending;
      const result = await transactWithRetry(
        () =>
          db.transaction
            .write(({ notification: n, notificationCounter: c }) => [
              ...batch.map((notificationId) =>
                n
                  .update({ userId, notificationId })
                  .set({ read: true })
                  .where((a, op) => op.eq(a.read, false))
                  .commit(),
              ),
              c.update({ userId }).subtract({ unread: batch.length }).commit(),
            ])
            .go() as Promise<TransactResult>,
      );
      if (!result.canceled) return batch;
      // The unread index is eventually consistent: an item just read elsewhere may still be listed. Drop those, retry.
      pending = batch.filter((_, i) => !failedAt(result, i));
      if (pending.length === batch.length || attempt === BATCH_ATTEMPTS) {
        throw new Error(`mark-all-read cancelled: ${cancelReasons(result)}`);
      }
    }
    return [];
  }

  return {
    create: (n) => createNotification(db, n),

    async page(userId, q) {
      // A key range of notification ids only: other items of the user's partition never take a place in the page.
      const range = notification.query
        .byUser({ userId })
        .between({ notificationId: '0' }, { notificationId: q.before ?? 'Z' });
      const { data } = await range.go({ order: 'desc', limit: q.limit + 2 });
      // The range is inclusive: the cursor's own item comes back first and is not part of the next page.
      const rows = data.filter((r) => r.notificationId !== q.before);
      return { items: rows.slice(0, q.limit).map(toNotification), more: rows.length > q.limit };
    },

    async unreadCount(userId) {
      // Strongly consistent, through the process's batched reads (a burst of notifications reads its counters together).
      const item = await readByKey(db.client, notificationCounter, { userId });
      const data = item && notificationCounter.parse({ Item: item }).data;
      return Math.max(0, data?.unread ?? 0);
    },

    async markRead(userId, id) {
      const result = await db.transaction
        .write(({ notification: n, notificationCounter: c }) => [
          n
            .update({ userId, notificationId: id })
            .set({ read: true })
            .where((a, op) => op.eq(a.read, false))
            .commit(),
          c.update({ userId }).subtract({ unread: 1 }).commit(),
        ])
        .go();
      if (!result.canceled) return 'marked';
      if (!failedAt(result, 0)) throw new Error(`mark-read cancelled: ${cancelReasons(result)}`);
      return (await get(userId, id)) ? 'already' : 'missing';
    },

    async markAllRead(userId) {
      let marked = 0;
      let cursor: string | null = null;
      do {
        const page: { data: { notificationId: string }[]; cursor: string | null } = await notification.query
          .unreadByUser({ userId })
          .go({ order: 'desc', limit: MARK_ALL_BATCH, cursor });
        cursor = page.cursor;
        const ids = page.data.map((r) => r.notificationId);
        if (ids.length > 0) marked += (await markBatch(userId, ids)).length;
      } while (cursor);
      return marked;
    },

    async notified(pairs) {
      const found = new Set<string>();
      const keys = [...new Map(pairs.map((p) => [`${p.userId} ${p.dedupeKey}`, p])).values()];
      for (let i = 0; i < keys.length; i += 100) {
        let pending = keys.slice(i, i + 100);
        for (let round = 0; pending.length > 0; round++) {
          if (round === 5) throw new Error('notification key batch read left keys unprocessed');
          const { data, unprocessed } = await notificationKey.get(pending).go();
          for (const k of data) found.add(`${k.userId} ${k.dedupeKey}`);
          pending = unprocessed as typeof pending;
        }
      }
      return found;
    },
  };
}
