import { describe, expect, it } from 'vitest';
import { testClock } from '../../../fixtures/test-clock';
import { followStore } from '../../../../functions/core/follows/follow-store';
import { unfollowStore } from '../../../../functions/core/follows/unfollow-store';
import { removeUserFollows } from '../../../../functions/core/follows/remove-user-follows';
import { listingAnnouncer } from '../../../../functions/core/follows/new-listing-notices';
import { getStore } from '../../../../functions/core/stores/get-store';
import type { DomainEvent } from '../../../../shared/events';
import { DEFAULT_SELLER_SETTINGS } from '../../../../shared/domain/seller-settings';
import { memoryFollowStore } from './follows-memory';

const NOW = new Date('2026-06-01T12:00:00Z');
const USERS = { sam_store: 'S', bea: 'B', cy: 'C' };

function deps() {
  const memory = memoryFollowStore(USERS);
  const clock = testClock(NOW);
  return { ...memory, deps: { follows: memory.store, clock }, clock };
}

describe('followStore and unfollowStore (decision 058)', () => {
  it('follows once however often it is asked, and counts each follower once', async () => {
    const { deps: d, counts, clock } = deps();
    expect(await followStore('B', 'Sam_Store', d)).toEqual({ following: true, followerCount: 1 });
    clock.advance(1000);
    expect(await followStore('B', 'sam_store', d)).toEqual({ following: true, followerCount: 1 });
    expect(await followStore('C', 'sam_store', d)).toEqual({ following: true, followerCount: 2 });
    expect(counts.get('S')).toBe(2);
  });

  it('unfollows once, and the count never goes below zero', async () => {
    const { deps: d } = deps();
    await followStore('B', 'sam_store', d);
    expect(await unfollowStore('B', 'sam_store', d)).toEqual({ following: false, followerCount: 0 });
    expect(await unfollowStore('B', 'sam_store', d)).toEqual({ following: false, followerCount: 0 });
    // Never followed: nothing to remove, nothing uncounted.
    expect(await unfollowStore('C', 'sam_store', d)).toEqual({ following: false, followerCount: 0 });
  });

  it("refuses to follow one's own store (409) and a store nobody has (404), changing nothing", async () => {
    const { deps: d, follows, counts } = deps();
    await expect(followStore('S', 'sam_store', d)).rejects.toMatchObject({
      status: 409,
      code: 'cannot_follow_yourself',
      message: 'You cannot follow your own store.',
    });
    await expect(followStore('B', 'nobody_here', d)).rejects.toMatchObject({ status: 404, message: 'User Not Found' });
    await expect(unfollowStore('B', 'nobody_here', d)).rejects.toMatchObject({ status: 404 });
    expect(follows.size).toBe(0);
    expect(counts.size).toBe(0);
  });
});

describe('getStore with followers', () => {
  const owner = {
    userId: 'S',
    username: 'sam_store',
    createdAt: '2026-01-01T00:00:00.000Z',
    profile: { followerCount: 3 },
  };
  const storeDeps = (follows: ReturnType<typeof memoryFollowStore>['store']) => ({
    stores: { ownerByUsername: async () => owner, bySeller: async () => [] },
    mediaUrl: (k: string) => k,
    returns: { owesRefund: async () => false },
    follows,
    contact: { settings: async () => DEFAULT_SELLER_SETTINGS, details: async () => ({ email: '', phone: '' }) },
    states: { get: async () => null },
  });

  it("shows every viewer the profile's count, and a signed-in follower that they follow", async () => {
    const { store } = memoryFollowStore(USERS);
    await store.follow('B', 'S', NOW);
    const d = storeDeps(store);
    expect(await getStore('sam_store', d, 'B')).toMatchObject({ followerCount: 3, isFollowing: true });
    expect(await getStore('sam_store', d, 'C')).toMatchObject({ followerCount: 3, isFollowing: false });
    expect(await getStore('sam_store', d, null)).toMatchObject({ followerCount: 3, isFollowing: false });
    expect(await getStore('sam_store', d, 'S')).toMatchObject({ isFollowing: false });
  });

  it('reads 0 followers from a profile without a count', async () => {
    const d = {
      ...storeDeps(memoryFollowStore().store),
      stores: { ownerByUsername: async () => ({ ...owner, profile: null }), bySeller: async () => [] },
    };
    expect(await getStore('sam_store', d, null)).toMatchObject({ followerCount: 0, isFollowing: false });
  });
});

describe('listingAnnouncer', () => {
  const listing = { listingId: 'L1', sellerId: 'S', sellerUsername: 'sam_store', title: 'Oak Desk' };

  it("publishes the listing's one announcement: chunk 0, from the start of the followers", async () => {
    const sent: DomainEvent[] = [];
    await listingAnnouncer({ publish: async (e) => void sent.push(...e) }, () => undefined).announce(
      { ...listing, priceCents: 100 } as typeof listing,
      NOW,
    );
    expect(sent).toEqual([
      {
        id: 'listing.published:L1:0',
        type: 'listing.published',
        occurredAt: NOW.toISOString(),
        data: { ...listing, chunk: 0, cursor: null },
      },
    ]);
  });

  it('only logs a failed send: the listing is stored, its create must still answer', async () => {
    const warned: string[] = [];
    const failing = { publish: async () => Promise.reject(new Error('queue down')) };
    await listingAnnouncer(failing, (m) => void warned.push(m)).announce(listing, NOW);
    expect(warned).toEqual(['listing stored but its followers not told']);
  });
});

describe('removeUserFollows (Delete Data)', () => {
  it('removes every follow of the user both ways, fixing each count, and finds nothing the second time', async () => {
    const { store, counts, follows } = memoryFollowStore();
    const at = (i: number) => new Date(NOW.getTime() + i * 1000);
    // U follows 60 stores; 70 users follow U; others follow each other untouched.
    for (let i = 0; i < 60; i++) await store.follow('U', `S${i}`, at(i));
    for (let i = 0; i < 70; i++) await store.follow(`F${i}`, 'U', at(i));
    await store.follow('F1', 'S1', at(0));
    await store.follow('X', 'Y', at(0));

    expect(await removeUserFollows('U', { follows: store })).toEqual({ following: 60, followers: 70 });
    expect(counts.get('U')).toBe(0);
    expect(counts.get('S0')).toBe(0);
    expect(counts.get('S1')).toBe(1);
    expect(counts.get('Y')).toBe(1);
    expect([...follows.keys()].sort()).toEqual(['F1 S1', 'X Y']);
    expect(await removeUserFollows('U', { follows: store })).toEqual({ following: 0, followers: 0 });
  });

  it('passes again for a follow made while it walked', async () => {
    const { store, follows } = memoryFollowStore();
    for (let i = 0; i < 30; i++) await store.follow(`F${i}`, 'U', new Date(NOW.getTime() + i * 1000));
    let late = false;
    const racing = {
      ...store,
      dropFollowers: async (sellerId: string, ids: readonly string[]) => {
        // A follow made during the first page's removal, newer than anything the walk will read after it.
        if (!late) {
          late = true;
          await store.follow('LATE', 'U', new Date(NOW.getTime() + 60_000));
        }
        return store.dropFollowers(sellerId, ids);
      },
    };
    expect(await removeUserFollows('U', { follows: racing })).toEqual({ following: 0, followers: 31 });
    expect(follows.size).toBe(0);
  });
});
