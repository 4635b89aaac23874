import { usernameKey } from '../../../shared/domain/username';
import type { FollowStore } from '../../core/follows/ports';
import { conditionally } from './conditional';
import { ensureProfile } from './profile-store';
import type { Db } from './service';
import { cancelReasons, failedAt, transactWithRetry, type TransactResult } from './transact';

/**
 * Follows (decision 058): the follow item and its seller's `followerCount` on the profile in one transaction each
 * way. The item's condition (absent to follow, present to unfollow) makes a repeat change nothing; the count's
 * (above 0 to lower it) keeps it from going negative.
 */
export function followStore(db: Db): FollowStore {
  const { follow, profile, username, user } = db.entities;

  const present = (followerId: string, sellerId: string) =>
    follow.delete({ followerId, sellerId }).where((a, op) => op.exists(a.followedAt));

  async function followOnce(followerId: string, sellerId: string, at: Date): Promise<TransactResult> {
    // Order matters: the follow is item 0, whose failed condition means "already following".
    return transactWithRetry(
      () =>
        db.transaction
          .write(({ follow: item, profile: count }) => [
            item.create({ followerId, sellerId, followedAt: at.toISOString() }).commit(),
            count
              .update({ userId: sellerId })
              .add({ followerCount: 1 })
              .where((a, op) => op.exists(a.createdAt))
              .commit(),
          ])
          .go() as Promise<TransactResult>,
    );
  }

  async function unfollow(followerId: string, sellerId: string): Promise<boolean> {
    const result = await transactWithRetry(
      () =>
        db.transaction
          .write(({ follow: item, profile: count }) => [
            item
              .delete({ followerId, sellerId })
              .where((a, op) => op.exists(a.followedAt))
              .commit(),
            count
              .update({ userId: sellerId })
              .subtract({ followerCount: 1 })
              .where((a, op) => op.gt(a.followerCount, 0))
              .commit(),
          ])
          .go() as Promise<TransactResult>,
    );
    if (!result.canceled) return true;
    if (failedAt(result, 0)) return false;
    // The count already says none while the follow exists (it never should): the follow goes, the count stays 0.
    if (failedAt(result, 1)) return conditionally(() => present(followerId, sellerId).go());
    throw new Error(`unfollow not written: ${cancelReasons(result)}`);
  }

  /** Newest first: both indexes sort by followedAt. */
  const newestFirst = (limit: number, cursor: string | null) => ({
    order: 'desc' as const,
    count: limit,
    limit,
    cursor,
  });

  return {
    async sellerIdOf(name) {
      const guard = (await username.get({ usernameLower: usernameKey(name) }).go()).data;
      if (!guard) return null;
      const owner = (await user.get({ userId: guard.userId }).go({ attributes: ['userId'] })).data;
      return owner?.userId ?? null;
    },
    async follow(followerId, sellerId, at) {
      let result = await followOnce(followerId, sellerId, at);
      if (result.canceled && !failedAt(result, 0) && failedAt(result, 1)) {
        // A profile is made with the account; an older account may have none for the count to go on.
        await ensureProfile(db, sellerId, at);
        result = await followOnce(followerId, sellerId, at);
      }
      if (!result.canceled) return true;
      if (failedAt(result, 0)) return false;
      throw new Error(`follow not written: ${cancelReasons(result)}`);
    },
    unfollow,
    async isFollowing(followerId, sellerId) {
      return (await follow.get({ followerId, sellerId }).go()).data !== null;
    },
    async followerCount(sellerId) {
      const { data } = await profile.get({ userId: sellerId }).go({ consistent: true, attributes: ['followerCount'] });
      return data?.followerCount ?? 0;
    },
    async followers(sellerId, limit, cursor) {
      const { data, cursor: next } = await follow.query.bySeller({ sellerId }).go(newestFirst(limit, cursor));
      return { userIds: data.map((f) => f.followerId), cursor: next };
    },
    async following(followerId, limit, cursor) {
      const { data, cursor: next } = await follow.query.byFollower({ followerId }).go(newestFirst(limit, cursor));
      return { userIds: data.map((f) => f.sellerId), cursor: next };
    },
    async dropFollowers(sellerId, given) {
      const followerIds = [...new Set(given)];
      if (followerIds.length === 0) return 0;
      const n = followerIds.length;
      // All of them and the count in one transaction (at most 99 follows: DynamoDB's 100 items), when all are there.
      const result =
        n < 100
          ? await transactWithRetry(
              () =>
                db.transaction
                  .write(({ follow: item, profile: count }) => [
                    ...followerIds.map((followerId) =>
                      item
                        .delete({ followerId, sellerId })
                        .where((a, op) => op.exists(a.followedAt))
                        .commit(),
                    ),
                    count
                      .update({ userId: sellerId })
                      .subtract({ followerCount: n })
                      .where((a, op) => op.gte(a.followerCount, n))
                      .commit(),
                  ])
                  .go() as Promise<TransactResult>,
            )
          : null;
      if (result && !result.canceled) return n;
      // Some went meanwhile (or the count drifted, or too many at once): one at a time, each exact. One after another,
      // as they all change the one count.
      let removed = 0;
      for (const followerId of followerIds) if (await unfollow(followerId, sellerId)) removed++;
      return removed;
    },
  };
}
