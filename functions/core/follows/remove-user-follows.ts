import type { FollowPage, FollowStore } from './ports';

/** Follows removed per page (a transaction's worth for the seller's side). */
export const FOLLOW_REMOVAL_PAGE = 25;
/** Passes over a side before giving up on follows still being made meanwhile (the caller's account is going). */
const MAX_PASSES = 3;

export type RemoveUserFollowsDeps = {
  follows: Pick<FollowStore, 'following' | 'followers' | 'unfollow' | 'dropFollowers'>;
};

/**
 * Pages through one side, removing each page, then passes again from the start until a pass removes nothing: a
 * follow made during the walk, or an index read that lagged behind, is caught by the next pass.
 */
async function removeAll(
  page: (cursor: string | null) => Promise<FollowPage>,
  remove: (userIds: string[]) => Promise<number>,
): Promise<number> {
  let total = 0;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    let removed = 0;
    let cursor: string | null = null;
    do {
      const p: FollowPage = await page(cursor);
      if (p.userIds.length) removed += await remove(p.userIds);
      cursor = p.cursor;
    } while (cursor);
    total += removed;
    if (removed === 0) break;
  }
  return total;
}

/**
 * Delete Data (decision 058): every follow of the user goes, as a follower (each seller's count lowered with it) and as
 * a followed seller (their own count lowered to match). Safe to run twice: a second run finds nothing.
 */
export async function removeUserFollows(
  userId: string,
  deps: RemoveUserFollowsDeps,
): Promise<{ following: number; followers: number }> {
  const { follows } = deps;
  const following = await removeAll(
    (cursor) => follows.following(userId, FOLLOW_REMOVAL_PAGE, cursor),
    // Each to a different seller's count: one transaction each, side by side.
    async (sellerIds) =>
      (await Promise.all(sellerIds.map((sellerId) => follows.unfollow(userId, sellerId)))).filter(Boolean).length,
  );
  const followers = await removeAll(
    (cursor) => follows.followers(userId, FOLLOW_REMOVAL_PAGE, cursor),
    (followerIds) => follows.dropFollowers(userId, followerIds),
  );
  return { following, followers };
}
