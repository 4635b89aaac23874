import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationPage, NotificationSummary } from '../../shared/api/notifications';
import { call, signUpNewUser } from './auth-support';
import { giveNotifications, testNotificationStore } from './notification-support';

const FROM = '127.0.11.1';
let alice: { token: string; userId: string };
let bob: { token: string; userId: string };

async function signUp(prefix: string) {
  const { token } = await signUpNewUser(FROM, prefix);
  const me = await call<{ id: string }>('GET', '/api/me', { token });
  expect(me.status).toBe(200);
  return { token, userId: me.body.id };
}

beforeAll(async () => {
  [alice, bob] = [await signUp('na'), await signUp('nb')];
}, 90_000);

const summary = (token: string) => call<NotificationSummary>('GET', '/api/me/notifications/summary', { token });
const page = (token: string, query = '') => call<NotificationPage>('GET', `/api/me/notifications${query}`, { token });
const markRead = (token: string, id: string) =>
  call<{ id: string; read: boolean; unreadCount: number }>('POST', `/api/me/notifications/${id}/read`, {
    token,
    body: {},
  });
const markAll = (token: string) =>
  call<{ marked: number; unreadCount: number }>('POST', '/api/me/notifications/read-all', { token, body: {} });

describe('notifications API', () => {
  it('needs a session', async () => {
    expect((await call('GET', '/api/me/notifications/summary')).status).toBe(401);
    expect((await call('GET', '/api/me/notifications')).status).toBe(401);
    expect((await call('POST', '/api/me/notifications/read-all', { body: {} })).status).toBe(401);
  });

  it('a new user has an empty bell', async () => {
    expect((await summary(bob.token)).body).toEqual({ unreadCount: 0, latest: [] });
    expect((await page(bob.token)).body).toEqual({ items: [], nextCursor: null, unreadCount: 0 });
  });

  let ids: string[];
  it('the bell has the unread count and the 5 latest, newest first', async () => {
    ids = await giveNotifications(alice.userId, 7);
    const res = await summary(alice.token);
    expect(res.status).toBe(200);
    expect(res.body.unreadCount).toBe(7);
    expect(res.body.latest.map((n) => n.id)).toEqual(ids.slice(2).reverse());
    expect(res.body.latest[0]).toMatchObject({ type: 'other', title: 'Note 6', read: false, relatedId: null });
  });

  it('pages by cursor to the end, and refuses a cursor that is not an id', async () => {
    const first = await page(alice.token, '?limit=4');
    expect(first.body.items.map((n) => n.id)).toEqual(ids.slice(3).reverse());
    expect(first.body.nextCursor).toBe(ids[3]);
    const second = await page(alice.token, `?limit=4&cursor=${first.body.nextCursor}`);
    expect(second.body.items.map((n) => n.id)).toEqual(ids.slice(0, 3).reverse());
    expect(second.body.nextCursor).toBeNull();
    expect((await page(alice.token, '?cursor=not-a-cursor')).status).toBe(400);
    expect((await page(alice.token, '?limit=500')).status).toBe(400);
  });

  it('marks one read (again is the same answer); another user’s id is 404 and changes nothing', async () => {
    expect((await markRead(alice.token, ids[6]!)).body).toEqual({ id: ids[6], read: true, unreadCount: 6 });
    expect((await markRead(alice.token, ids[6]!)).body).toEqual({ id: ids[6], read: true, unreadCount: 6 });
    const foreign = await markRead(bob.token, ids[5]!);
    expect(foreign.status).toBe(404);
    expect((await summary(alice.token)).body.unreadCount).toBe(6);
    expect((await markRead(alice.token, 'nope')).status).toBe(400);
    const latest = (await summary(alice.token)).body.latest;
    expect(latest.find((n) => n.id === ids[6])?.read).toBe(true);
  });

  it('marks all read across many bounded transactions; the counter ends at 0', async () => {
    // More unread than one mark-all transaction takes (50), so it pages through the unread index.
    await giveNotifications(alice.userId, 120, 'many');
    expect((await summary(alice.token)).body.unreadCount).toBe(126);
    const res = await markAll(alice.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ marked: 126, unreadCount: 0 });
    expect(await testNotificationStore().unreadCount(alice.userId)).toBe(0);
    const all = await page(alice.token, '?limit=50');
    expect(all.body.items.every((n) => n.read)).toBe(true);
    // A retry finds nothing left to mark.
    expect((await markAll(alice.token)).body).toEqual({ marked: 0, unreadCount: 0 });
  }, 60_000);
});
