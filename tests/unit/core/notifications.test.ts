import { describe, expect, it } from 'vitest';
import { domainEventSchema } from '../../../shared/events';
import { notify, type NotifyRequest } from '../../../functions/core/notifications/notify';
import { getNotificationSummary } from '../../../functions/core/notifications/get-notification-summary';
import { listNotifications } from '../../../functions/core/notifications/list-notifications';
import { markAllNotificationsRead } from '../../../functions/core/notifications/mark-all-notifications-read';
import { markNotificationRead } from '../../../functions/core/notifications/mark-notification-read';
import { NotFoundError } from '../../../functions/lib/errors';
import { memoryNotificationStore, notificationDeps } from './notifications-memory';

const request = (over: Partial<NotifyRequest> = {}): NotifyRequest => ({
  userId: 'alice',
  type: 'auction_ending',
  title: 'Auction Ending Soon',
  message: '"Camera" from your wishlist ends within 24 hours.',
  relatedId: 'L1',
  dedupeKey: 'auction_ending:L1',
  ...over,
});

describe('notify', () => {
  it('stores the notification unread and pushes it with the unread count to the user topic', async () => {
    const { deps, events } = notificationDeps();
    const result = await notify(request(), deps);
    expect(result.created).toBe(true);
    expect(events.events).toHaveLength(1);
    const pushed = domainEventSchema.parse(events.events[0]);
    expect(pushed).toMatchObject({
      type: 'notification.created',
      topic: 'user:alice',
      data: {
        unreadCount: 1,
        notification: { id: result.notificationId, type: 'auction_ending', read: false, relatedId: 'L1' },
      },
    });
  });

  it('stores once per dedupe key; a repeat pushes the stored one again while it is unread, then nothing', async () => {
    const mem = memoryNotificationStore();
    const { deps, events } = notificationDeps(mem.store);
    const first = await notify(request(), deps);
    const again = await notify(request({ title: 'Different' }), deps);
    expect(again).toEqual({ created: false, notificationId: first.notificationId });
    expect(mem.items.get('alice')!.size).toBe(1);
    expect(await deps.store.unreadCount('alice')).toBe(1);
    // The re-push is the same event (same id), so a client that got the first one sees nothing new.
    expect(events.events.map((e) => e.id)).toEqual([events.events[0]!.id, events.events[0]!.id]);

    await markNotificationRead('alice', first.notificationId!, deps);
    events.events.length = 0;
    await notify(request(), deps);
    expect(events.events).toEqual([]);
  });

  it('keeps users and keys apart', async () => {
    const { deps } = notificationDeps();
    await notify(request(), deps);
    await notify(request({ dedupeKey: 'auction_ending:L2', relatedId: 'L2' }), deps);
    await notify(request({ userId: 'bob' }), deps);
    expect(await deps.store.unreadCount('alice')).toBe(2);
    expect(await deps.store.unreadCount('bob')).toBe(1);
  });
});

describe('reading and marking', () => {
  async function seeded(count: number) {
    const { deps, events } = notificationDeps();
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      ids.push((await notify(request({ dedupeKey: `k${i}`, relatedId: `L${i}` }), deps)).notificationId!);
    }
    events.events.length = 0;
    return { deps, events, ids };
  }

  it('the bell gets the unread count and the 5 latest, newest first', async () => {
    const { deps, ids } = await seeded(8);
    const summary = await getNotificationSummary('alice', deps);
    expect(summary.unreadCount).toBe(8);
    expect(summary.latest.map((n) => n.id)).toEqual(ids.slice(3).reverse());
    expect(await getNotificationSummary('nobody', deps)).toEqual({ unreadCount: 0, latest: [] });
  });

  it('pages newest first by cursor until the last page says there is no more', async () => {
    const { deps, ids } = await seeded(7);
    const first = await listNotifications('alice', { limit: 3 }, deps);
    expect(first.items.map((n) => n.id)).toEqual([ids[6], ids[5], ids[4]]);
    expect(first.nextCursor).toBe(ids[4]);
    const second = await listNotifications('alice', { limit: 3, cursor: first.nextCursor! }, deps);
    expect(second.items.map((n) => n.id)).toEqual([ids[3], ids[2], ids[1]]);
    const last = await listNotifications('alice', { limit: 3, cursor: second.nextCursor! }, deps);
    expect(last.items.map((n) => n.id)).toEqual([ids[0]]);
    expect(last.nextCursor).toBeNull();
  });

  it('marks one read once, tells the other tabs, and 404s an id that is not the user’s', async () => {
    const { deps, events, ids } = await seeded(2);
    expect(await markNotificationRead('alice', ids[0]!, deps)).toEqual({ id: ids[0], read: true, unreadCount: 1 });
    expect(events.events).toMatchObject([
      { type: 'notifications.read', topic: 'user:alice', data: { ids: [ids[0]], unreadCount: 1 } },
    ]);
    // Marking it again changes nothing and tells nobody.
    expect(await markNotificationRead('alice', ids[0]!, deps)).toEqual({ id: ids[0], read: true, unreadCount: 1 });
    expect(events.events).toHaveLength(1);
    await expect(markNotificationRead('bob', ids[1]!, deps)).rejects.toBeInstanceOf(NotFoundError);
    expect(await deps.store.unreadCount('alice')).toBe(1);
  });

  it('marks all read, leaves the count at 0 and tells the other tabs once', async () => {
    const { deps, events } = await seeded(4);
    expect(await markAllNotificationsRead('alice', deps)).toEqual({ marked: 4, unreadCount: 0 });
    expect(events.events).toMatchObject([{ type: 'notifications.read', data: { ids: null, unreadCount: 0 } }]);
    expect((await getNotificationSummary('alice', deps)).latest.every((n) => n.read)).toBe(true);
    expect(await markAllNotificationsRead('alice', deps)).toEqual({ marked: 0, unreadCount: 0 });
    expect(events.events).toHaveLength(1);
  });
});
