import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationPage, NotificationSummary } from '../../shared/api/notifications';
import { call, signUpNewUser } from './auth-support';
import { backfillListingWatchers, watchersOf } from '../../functions/adapters/db/wishlist-store';
import { notificationStore } from '../../functions/adapters/db/notification-store';
import { countingDb, giveNotifications, testDb, testNotificationStore } from './notification-support';

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

describe('auction-ending notices (the schedule, run on demand at a moved time)', () => {
  const runSchedule = (at: string) =>
    call<{ result: { auctions: number; requested: number } }>('POST', '/_local/schedules/auction-ending-notices', {
      body: { at },
    });
  const endingFor = async (token: string, listingId: string) =>
    (await page(token, '?limit=50')).body.items.filter((n) => n.type === 'auction_ending' && n.relatedId === listingId);

  it('tells a saver once per auction ending within the hour, linking to it; a second run tells nothing more', async () => {
    const seller = await signUp('ns');
    const profile = await call('PUT', '/api/me/profile', {
      token: seller.token,
      body: {
        fullName: 'Notice Seller',
        email: 'notice@example.com',
        phone: '+1 512 555 0100',
        address: null,
        returnAddress: null,
        useDifferentReturnAddress: false,
        isSeller: true,
      },
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    const endsAt = new Date(Date.now() + 3 * 24 * 3_600_000).toISOString();
    const created = await call<{ id: string }>('POST', '/api/listings', {
      token: seller.token,
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: {
        title: 'Notice Test Pocket Watch',
        description: 'A pocket watch whose auction ends in three days.',
        category: 'Collectibles',
        condition: 'good',
        listingType: 'auction',
        startingBidCents: 1_000,
        endsAt,
        location: { zipCode: '78701', city: 'Austin', state: 'TX' },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const listingId = created.body.id;
    expect((await call('PUT', `/api/me/wishlist/${listingId}`, { token: bob.token, body: {} })).status).toBe(200);

    // Now it ends in three days: not yet; nor two hours before its end.
    expect((await runSchedule(new Date().toISOString())).status).toBe(200);
    expect((await runSchedule(new Date(Date.parse(endsAt) - 2 * 3_600_000).toISOString())).status).toBe(200);
    expect(await endingFor(bob.token, listingId)).toHaveLength(0);
    // Within its last hour it is ending.
    const fiftyMinutesBefore = new Date(Date.parse(endsAt) - 50 * 60_000).toISOString();
    const first = await runSchedule(fiftyMinutesBefore);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.result.requested).toBeGreaterThanOrEqual(1);

    // The request goes through the events queue to notify.
    const until = Date.now() + 20_000;
    while ((await endingFor(bob.token, listingId)).length === 0 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 250));
    }
    const [notice] = await endingFor(bob.token, listingId);
    expect(notice).toMatchObject({
      type: 'auction_ending',
      title: 'Auction Ending Soon',
      read: false,
      relatedId: listingId,
    });
    expect(notice!.message).toContain('Notice Test Pocket Watch');
    const unread = (await summary(bob.token)).body.unreadCount;

    const second = await runSchedule(new Date(Date.parse(fiftyMinutesBefore) + 5 * 60_000).toISOString());
    expect(second.status).toBe(200);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(await endingFor(bob.token, listingId)).toHaveLength(1);
    expect((await summary(bob.token)).body.unreadCount).toBe(unread);
    // The seller saved nothing and is told nothing.
    expect(await endingFor(seller.token, listingId)).toHaveLength(0);

    // A wishlist item saved before reverse entries existed gets one from the data upgrade (local data dirs).
    expect(await watchersOf(testDb(), listingId)).toEqual([bob.userId]);
    await testDb().entities.listingWatcher.delete({ listingId, userId: bob.userId }).go();
    expect(await watchersOf(testDb(), listingId)).toEqual([]);
    expect(await backfillListingWatchers(testDb())).toBeGreaterThanOrEqual(1);
    expect(await watchersOf(testDb(), listingId)).toEqual([bob.userId]);
  }, 90_000);
});

describe('notifications created together (one turn of the event loop: a batch of queued events)', () => {
  const fresh = (userId: string, dedupeKey: string, title = dedupeKey) => {
    const at = new Date();
    return {
      userId,
      dedupeKey,
      id: ulid(at.getTime()),
      type: 'other' as const,
      title,
      message: `about ${title}`,
      relatedId: null,
      createdAt: at.toISOString(),
    };
  };

  it('stores each key once and counts each user once per notification; a taken key gets the stored one', async () => {
    const { db, transactions } = countingDb();
    const store = notificationStore(db);
    const [carol, dave] = [`U-together-c-${ulid()}`, `U-together-d-${ulid()}`];
    const earlier = fresh(dave, 'taken', 'earlier');
    expect(await store.create(earlier)).toEqual({ created: true });
    const first = fresh(carol, 'k1');
    const outcomes = await Promise.all([
      store.create(first),
      store.create(fresh(carol, 'k2')),
      store.create(fresh(carol, 'k1', 'copy')),
      store.create(fresh(dave, 'taken', 'again')),
      store.create(fresh(dave, 'k3')),
    ]);
    expect(outcomes[0]).toEqual({ created: true });
    expect(outcomes[1]).toEqual({ created: true });
    expect(outcomes[2]).toMatchObject({ created: false, existing: { id: first.id, title: 'k1', read: false } });
    expect(outcomes[3]).toMatchObject({ created: false, existing: { id: earlier.id, title: 'earlier' } });
    expect(outcomes[4]).toEqual({ created: true });
    // The earlier one, then all five together: one transaction, again without the taken key.
    expect(transactions()).toBe(3);
    expect(await store.unreadCount(carol)).toBe(2);
    expect(await store.unreadCount(dave)).toBe(2);
    const carols = await store.page(carol, { limit: 10 });
    expect(carols.items.map((n) => n.title).sort()).toEqual(['k1', 'k2']);
  });

  it('writes more than one transaction holds, all of them counted', async () => {
    const { db, transactions } = countingDb();
    const store = notificationStore(db);
    const erin = `U-together-e-${ulid()}`;
    const outcomes = await Promise.all(Array.from({ length: 60 }, (_, i) => store.create(fresh(erin, `many:${i}`))));
    expect(outcomes.every((o) => o.created)).toBe(true);
    expect(await store.unreadCount(erin)).toBe(60);
    expect(transactions()).toBe(3);
  });
});
