import { randomUUID } from 'node:crypto';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FollowState } from '../../shared/api/follows';
import type { Store } from '../../shared/api/stores';
import { DEFAULT_SELLER_SETTINGS } from '../../shared/domain/seller-settings';
import type { DomainEvent, DomainEventOf } from '../../shared/events';
import { followStore } from '../../functions/adapters/db/follow-store';
import { notificationStore } from '../../functions/adapters/db/notification-store';
import { listingPublished } from '../../functions/core/follows/new-listing-notices';
import { notifyFollowers } from '../../functions/core/follows/notify-followers';
import { removeUserFollows } from '../../functions/core/follows/remove-user-follows';
import { notify } from '../../functions/core/notifications/notify';
import { call } from './auth-support';
import { notificationsOf, until } from './message-support';
import { listingBody, sellerProfile, signUp, type Account } from './route-support';
import { tableService } from './table-support';

// Store followers (decision 058) through the local gateway, and the fan-out's paging over the real table.
const FROM = '127.0.58.1';
let seller: Account;
let ann: Account;
let ben: Account;

beforeAll(async () => {
  [seller, ann, ben] = await Promise.all([signUp(FROM, 'fls'), signUp(FROM, 'fla'), signUp(FROM, 'flb')]);
  const made = await call('PUT', '/api/me/profile', { token: seller.token, from: FROM, body: sellerProfile });
  expect(made.status).toBe(200);
}, 120_000);

const follow = (a: Account, username: string) =>
  call<FollowState>('PUT', `/api/stores/${username}/follow`, { token: a.token, from: FROM, body: {} });
const unfollow = (a: Account, username: string) =>
  call<FollowState>('DELETE', `/api/stores/${username}/follow`, { token: a.token, from: FROM });
const storeAs = async (a: Account | null) =>
  (await call<Store>('GET', `/api/stores/${seller.username}`, { token: a?.token, from: FROM })).body;
const storedCount = async (userId: string) =>
  (await tableService().entities.profile.get({ userId }).go({ consistent: true })).data?.followerCount;

describe('following a store', () => {
  it('counts each follower once however often or at once they follow, never below 0, and refuses self and unknown', async () => {
    const at = await Promise.all([1, 2, 3, 4].map(() => follow(ann, seller.username)));
    expect(at.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await follow(ben, seller.username.toUpperCase())).body).toEqual({ following: true, followerCount: 2 });
    expect(await storedCount(seller.userId)).toBe(2);
    expect(await storeAs(ann)).toMatchObject({ followerCount: 2, isFollowing: true });
    expect(await storeAs(null)).toMatchObject({ followerCount: 2, isFollowing: false });
    expect(await storeAs(seller)).toMatchObject({ followerCount: 2, isFollowing: false });

    const self = await follow(seller, seller.username);
    expect(self.status).toBe(409);
    expect(self.body).toMatchObject({
      error: { code: 'cannot_follow_yourself', message: 'You cannot follow your own store.' },
    });
    expect((await follow(ann, 'nobody_has_this_name')).status).toBe(404);
    expect((await unfollow(ann, 'nobody_has_this_name')).status).toBe(404);

    expect((await unfollow(ben, seller.username)).body).toEqual({ following: false, followerCount: 1 });
    expect((await unfollow(ben, seller.username)).body).toEqual({ following: false, followerCount: 1 });
    expect(await storeAs(ben)).toMatchObject({ followerCount: 1, isFollowing: false });
    expect(await storedCount(seller.userId)).toBe(1);
  });

  it("tells the seller's followers of a new listing, once each, through the events queue", async () => {
    expect((await follow(ben, seller.username)).status).toBe(200);
    const listed = await call<{ id: string }>('POST', '/api/listings', {
      token: seller.token,
      from: FROM,
      body: { ...listingBody, title: 'Follower Lantern' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(listed.status).toBe(201);
    const told = async (a: Account) =>
      (await notificationsOf(a)).filter((n) => n.type === 'new_listing' && n.relatedId === listed.body.id);
    await until(async () => (await told(ann)).length === 1 && (await told(ben)).length === 1, 15_000);
    expect((await told(ann))[0]).toMatchObject({
      title: 'New Listing',
      message: `${seller.username} listed "Follower Lantern".`,
    });
    expect(await told(seller)).toEqual([]);
  });
});

describe('the fan-out over the table', () => {
  const db = () => tableService();
  type Published = DomainEventOf<'listing.published'>;

  it('pages 30 followers 7 at a time, tells each once, and a chunk run again tells nobody', async () => {
    const follows = followStore(db());
    const notes = notificationStore(db());
    // A seller without a profile: the first follow makes one for the count.
    const sellerId = `FAN${ulid()}`;
    const followers = Array.from({ length: 30 }, (_, i) => `FOL${ulid()}${i}`);
    const base = Date.now();
    for (const [i, f] of followers.entries()) await follows.follow(f, sellerId, new Date(base - i * 1000));
    expect(await follows.followerCount(sellerId)).toBe(30);

    const listing = { listingId: `L${ulid()}`, sellerId, sellerUsername: 'fan_store', title: 'Paged Lamp' };
    const notifyDeps = {
      store: notes,
      events: { publish: async () => undefined },
      clock: { now: () => new Date() },
      preferences: { toggles: async () => DEFAULT_SELLER_SETTINGS.notifications, sellerOf: async () => null },
    };
    const runs: number[] = [];
    async function run(event: Published) {
      const sent: DomainEvent[] = [];
      const deps = {
        follows,
        store: notes,
        events: { publish: async (e: readonly DomainEvent[]) => void sent.push(...e) },
        chunkSize: 7,
      };
      await notifyFollowers(event.data, deps, event.occurredAt);
      const notices = sent.flatMap((e) => (e.type === 'notify.requested' ? [e.data] : []));
      runs.push(notices.length);
      for (const n of notices) await notify(n, { ...notifyDeps, newId: (at: Date) => ulid(at.getTime()) });
      return sent.find((e): e is Published => e.type === 'listing.published') ?? null;
    }
    const first = listingPublished(listing, new Date(base).toISOString());
    let next: Published | null = first;
    while (next) next = await run(next);
    expect(runs).toEqual([7, 7, 7, 7, 2]);
    await run(first);
    expect(runs.at(-1)).toBe(0);

    for (const f of followers) {
      const { items } = await notes.page(f, { limit: 10 });
      expect(items.filter((n) => n.relatedId === listing.listingId)).toHaveLength(1);
    }
  });

  it('removes every follow of a user both ways with the counts fixed (Delete Data)', async () => {
    const follows = followStore(db());
    const user = `DEL${ulid()}`;
    const sellers = [1, 2, 3].map((i) => `DS${ulid()}${i}`);
    for (const s of sellers) {
      await follows.follow(user, s, new Date());
      await follows.follow(`OTHER${s}`, s, new Date());
    }
    for (let i = 0; i < 27; i++) await follows.follow(`DF${ulid()}${i}`, user, new Date(Date.now() - i));
    expect(await removeUserFollows(user, { follows })).toEqual({ following: 3, followers: 27 });
    expect(await follows.followerCount(user)).toBe(0);
    for (const s of sellers) expect(await follows.followerCount(s)).toBe(1);
    expect((await follows.followers(user, 50, null)).userIds).toEqual([]);
    expect((await follows.following(user, 50, null)).userIds).toEqual([]);
    expect(await removeUserFollows(user, { follows })).toEqual({ following: 0, followers: 0 });
  });
});
