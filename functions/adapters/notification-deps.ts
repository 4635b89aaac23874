import { ulid } from 'ulid';
import type { NotificationDeps } from '../core/notifications/ports';
import { notificationStore } from './db/notification-store';
import { db } from './db/service';
import { eventQueue } from './event-queue';

export function notificationDeps(): NotificationDeps {
  return {
    store: notificationStore(db()),
    events: eventQueue,
    now: () => new Date(),
    newId: (at) => ulid(at.getTime()),
  };
}
