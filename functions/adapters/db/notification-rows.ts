import type { Notification } from '../../../shared/domain/notification';
import type { Db } from './service';

type Row = {
  notificationId: string;
  type: Notification['type'];
  title: string;
  message: string;
  read: boolean;
  relatedId?: string;
  createdAt: string;
};

export const toNotification = (r: Row): Notification => ({
  id: r.notificationId,
  type: r.type,
  title: r.title,
  message: r.message,
  read: r.read,
  relatedId: r.relatedId ?? null,
  createdAt: r.createdAt,
});

/** The user's notification by id, read strongly consistent. */
export async function storedNotification(db: Db, userId: string, notificationId: string): Promise<Notification | null> {
  const { data } = await db.entities.notification.get({ userId, notificationId }).go({ consistent: true });
  return data ? toNotification(data) : null;
}
