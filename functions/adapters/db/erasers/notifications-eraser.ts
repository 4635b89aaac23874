import type { Eraser } from '../../../core/account-state/ports';
import type { Db } from '../service';

const PAGE = 25;

/** The user's notifications, their dedupe keys and their unread count. */
export function notificationsEraser(db: Db): Eraser {
  const { notification, notificationKey, notificationCounter } = db.entities;
  return {
    name: 'notifications',
    async step(userId) {
      const notes = await notification.query.byUser({ userId }).go({ limit: PAGE, attributes: ['notificationId'] });
      if (notes.data.length > 0) {
        const { unprocessed } = await notification
          .delete(notes.data.map((n) => ({ userId, notificationId: n.notificationId })))
          .go();
        if (unprocessed.length > 0) throw new Error(`${unprocessed.length} notifications were not deleted`);
        return { done: false, cursor: null };
      }
      const keys = await notificationKey.query.byUserKey({ userId }).go({ limit: PAGE, attributes: ['dedupeKey'] });
      if (keys.data.length > 0) {
        const { unprocessed } = await notificationKey
          .delete(keys.data.map((k) => ({ userId, dedupeKey: k.dedupeKey })))
          .go();
        if (unprocessed.length > 0) throw new Error(`${unprocessed.length} notification keys were not deleted`);
        return { done: false, cursor: null };
      }
      await notificationCounter.delete({ userId }).go();
      return { done: true };
    },
  };
}
