import type { FollowPage, FollowStore } from '../../../../functions/core/follows/ports';

interface Follow {
  followerId: string;
  sellerId: string;
  followedAt: string;
}

/**
 * The follow store's contract in memory (adapters/db/follow-store.ts): a follow and its seller's count change together,
 * a repeat changes nothing, the count never goes below 0; pages newest first by (followedAt, id), with a cursor that
 * holds the last key read (so removals behind it move nothing, as DynamoDB's ExclusiveStartKey).
 */
export function memoryFollowStore(usernames: Record<string, string> = {}) {
  const follows = new Map<string, Follow>();
  const counts = new Map<string, number>();
  const key = (followerId: string, sellerId: string) => `${followerId} ${sellerId}`;
  const reads: { side: 'followers' | 'following'; limit: number }[] = [];

  function pageOf(items: Follow[], id: (f: Follow) => string, limit: number, cursor: string | null): FollowPage {
    const sortKey = (f: Follow) => `${f.followedAt}#${id(f)}`;
    const sorted = items
      .filter((f) => cursor === null || sortKey(f) < cursor)
      .sort((a, b) => (sortKey(a) < sortKey(b) ? 1 : -1));
    const taken = sorted.slice(0, limit);
    // As DynamoDB: a full page says more may follow even when nothing does.
    return { userIds: taken.map(id), cursor: taken.length === limit ? sortKey(taken[limit - 1]!) : null };
  }

  const store: FollowStore = {
    async sellerIdOf(name) {
      return usernames[name.toLowerCase()] ?? null;
    },
    async follow(followerId, sellerId, at) {
      if (follows.has(key(followerId, sellerId))) return false;
      follows.set(key(followerId, sellerId), { followerId, sellerId, followedAt: at.toISOString() });
      counts.set(sellerId, (counts.get(sellerId) ?? 0) + 1);
      return true;
    },
    async unfollow(followerId, sellerId) {
      if (!follows.delete(key(followerId, sellerId))) return false;
      counts.set(sellerId, Math.max(0, (counts.get(sellerId) ?? 0) - 1));
      return true;
    },
    async isFollowing(followerId, sellerId) {
      return follows.has(key(followerId, sellerId));
    },
    async followerCount(sellerId) {
      return counts.get(sellerId) ?? 0;
    },
    async followers(sellerId, limit, cursor) {
      reads.push({ side: 'followers', limit });
      const of = [...follows.values()].filter((f) => f.sellerId === sellerId);
      return pageOf(of, (f) => f.followerId, limit, cursor);
    },
    async following(followerId, limit, cursor) {
      reads.push({ side: 'following', limit });
      const of = [...follows.values()].filter((f) => f.followerId === followerId);
      return pageOf(of, (f) => f.sellerId, limit, cursor);
    },
    async dropFollowers(sellerId, followerIds) {
      let removed = 0;
      for (const followerId of new Set(followerIds)) if (await store.unfollow(followerId, sellerId)) removed++;
      return removed;
    },
  };
  return { store, follows, counts, reads };
}
