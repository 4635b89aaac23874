import type { Notification } from '../../../shared/domain/notification';
import type { DomainEvent } from '../../../shared/events';
import type {
  EventPublisher,
  NewNotification,
  NotificationStore,
  NotifyDeps,
} from '../../../functions/core/notifications/ports';
import { DEFAULT_SELLER_SETTINGS } from '../../../shared/domain/seller-settings';

/** The notification store's contract in memory: items, dedupe keys and the unread counter kept together. */
export function memoryNotificationStore() {
  const items = new Map<string, Map<string, Notification>>();
  const keys = new Map<string, string>();
  const counters = new Map<string, number>();
  const mine = (userId: string) => {
    let m = items.get(userId);
    if (!m) items.set(userId, (m = new Map()));
    return m;
  };
  const store: NotificationStore = {
    async create(n: NewNotification) {
      const k = `${n.userId} ${n.dedupeKey}`;
      const existingId = keys.get(k);
      if (existingId) return { created: false, existing: mine(n.userId).get(existingId) ?? null };
      const { userId, dedupeKey: _, ...notification } = n;
      keys.set(k, n.id);
      mine(userId).set(n.id, { ...notification, read: false });
      counters.set(userId, (counters.get(userId) ?? 0) + 1);
      return { created: true };
    },
    async page(userId, q) {
      const all = [...mine(userId).values()]
        .sort((a, b) => b.id.localeCompare(a.id))
        .filter((n) => q.before === undefined || n.id < q.before);
      return { items: all.slice(0, q.limit).map((n) => ({ ...n })), more: all.length > q.limit };
    },
    async unreadCount(userId) {
      return counters.get(userId) ?? 0;
    },
    async markRead(userId, id) {
      const n = mine(userId).get(id);
      if (!n) return 'missing';
      if (n.read) return 'already';
      n.read = true;
      counters.set(userId, (counters.get(userId) ?? 0) - 1);
      return 'marked';
    },
    async markAllRead(userId) {
      let marked = 0;
      for (const n of mine(userId).values()) {
        if (!n.read) {
          n.read = true;
          marked++;
        }
      }
      counters.set(userId, (counters.get(userId) ?? 0) - marked);
      return marked;
    },
    async notified(pairs) {
      return new Set(pairs.map((p) => `${p.userId} ${p.dedupeKey}`).filter((k) => keys.has(k)));
    },
  };
  return { store, items, counters };
}

export function recordingPublisher(): EventPublisher & { events: DomainEvent[] } {
  const events: DomainEvent[] = [];
  return {
    events,
    async publish(batch) {
      events.push(...batch);
    },
  };
}

/** Deps with a clock that moves a second per call and ULID-like ids that sort by creation. */
export function notificationDeps(store = memoryNotificationStore().store) {
  let tick = 0;
  let seq = 0;
  const events = recordingPublisher();
  const deps: NotifyDeps = {
    store,
    events,
    clock: { now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, tick++)) },
    newId: () => `01J${String(seq++).padStart(23, '0')}`,
    // A user who never saved settings: the defaults (decision 057).
    preferences: { toggles: async () => DEFAULT_SELLER_SETTINGS.notifications, sellerOf: async () => null },
  };
  return { deps, events };
}
