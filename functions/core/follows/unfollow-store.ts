import type { FollowState } from '../../../shared/api/follows';
import { storeOwnerId } from './follow-rules';
import type { FollowDeps } from './ports';

/** Following, pressed again: the caller stops following the store of `username` (not following changes nothing). */
export async function unfollowStore(
  userId: string,
  username: string,
  deps: Pick<FollowDeps, 'follows'>,
): Promise<FollowState> {
  const sellerId = await storeOwnerId(username, deps.follows);
  await deps.follows.unfollow(userId, sellerId);
  return { following: false, followerCount: await deps.follows.followerCount(sellerId) };
}
