import { STORE_REVIEWS_PAGE_SIZE, type StoreReview } from '../../../shared/api/stores';
import { NotFoundError } from '../../lib/errors';
import type { MediaUrl } from '../listings/to-card';
import { toReview, type ReviewRecord } from '../reviews/review';

export interface StoreReviewsPort {
  /** The user id behind a username (any case); null when nobody has it. */
  userIdByUsername(username: string): Promise<string | null>;
  /** The seller's reviews newest first, `limit` at most, from the cursor of the previous page. */
  reviewsOf(
    sellerId: string,
    limit: number,
    cursor: string | undefined,
  ): Promise<{ items: ReviewRecord[]; cursor: string | null }>;
  /** Avatar keys of the users that have one. */
  avatarKeys(userIds: readonly string[]): Promise<Map<string, string>>;
}

/** A page of the store's Reviews tab: each review (and its reply) with its reviewer's username and current avatar. */
export async function listStoreReviews(
  username: string,
  cursor: string | undefined,
  port: StoreReviewsPort,
  mediaUrl: MediaUrl,
): Promise<{ items: StoreReview[]; cursor: string | null }> {
  const sellerId = await port.userIdByUsername(username);
  if (!sellerId) throw new NotFoundError('User Not Found');
  const page = await port.reviewsOf(sellerId, STORE_REVIEWS_PAGE_SIZE, cursor);
  const avatars = await port.avatarKeys([...new Set(page.items.map((r) => r.reviewerId))]);
  return {
    items: page.items.map((r) => {
      const avatar = avatars.get(r.reviewerId);
      return {
        ...toReview(r),
        reviewer: { username: r.reviewerUsername, avatarUrl: avatar ? mediaUrl(avatar) : null },
      };
    }),
    cursor: page.cursor,
  };
}
