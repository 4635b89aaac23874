import type { Clock } from '../clock/clock';

/** A page of user ids, newest follow first; `cursor` continues it (null: nothing after). */
export interface FollowPage {
  userIds: string[];
  cursor: string | null;
}

/**
 * Follows in the table (decision 058): each follow item is written and removed in one transaction with its seller's
 * `followerCount` on their profile, so the count is exact and never negative.
 */
export interface FollowStore {
  /** The user whose store the username names (any case); null when nobody has it. */
  sellerIdOf(username: string): Promise<string | null>;
  /** Follows and counts it; false when the follower already followed the seller (nothing changes). */
  follow(followerId: string, sellerId: string, at: Date): Promise<boolean>;
  /** Removes the follow and uncounts it; false when there was none (nothing changes). */
  unfollow(followerId: string, sellerId: string): Promise<boolean>;
  isFollowing(followerId: string, sellerId: string): Promise<boolean>;
  /** The seller's followerCount as stored (0 without a profile). */
  followerCount(sellerId: string): Promise<number>;
  /** The seller's followers, newest first, at most `limit` from `cursor`. */
  followers(sellerId: string, limit: number, cursor: string | null): Promise<FollowPage>;
  /** The sellers the user follows, newest first, at most `limit` from `cursor`. */
  following(followerId: string, limit: number, cursor: string | null): Promise<FollowPage>;
  /** Removes these followers' follows of the seller and lowers its count by as many as there were; returns that. */
  dropFollowers(sellerId: string, followerIds: readonly string[]): Promise<number>;
}

export interface FollowDeps {
  follows: FollowStore;
  clock: Clock;
}
