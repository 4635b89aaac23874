import type { FollowState } from '../../../shared/api/follows';
import { assertNotOwnStore, storeOwnerId } from './follow-rules';
import type { FollowDeps } from './ports';

/** Follow: the caller follows the store of `username` (already following changes nothing); never their own. */
export async function followStore(userId: string, username: string, deps: FollowDeps): Promise<FollowState> {
  const sellerId = await storeOwnerId(username, deps.follows);
  assertNotOwnStore(userId, sellerId);
  await deps.follows.follow(userId, sellerId, deps.clock.now());
  return { following: true, followerCount: await deps.follows.followerCount(sellerId) };
}
