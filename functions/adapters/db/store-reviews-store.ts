import { ElectroError } from 'electrodb';
import { usernameKey } from '../../../shared/domain/username';
import type { StoreReviewsPort } from '../../core/stores/list-store-reviews';
import { BadRequestError } from '../../lib/errors';
import { reviewRecord } from './review-store';
import type { Db } from './service';

/** Username guard -> the seller's review partition (newest first) -> reviewers' profiles for their avatars. */
export function storeReviewsStore(db: Db): StoreReviewsPort {
  const { username, review, profile } = db.entities;
  return {
    async userIdByUsername(name) {
      return (await username.get({ usernameLower: usernameKey(name) }).go()).data?.userId ?? null;
    },
    async reviewsOf(sellerId, limit, cursor) {
      try {
        const result = await review.query
          .bySeller({ sellerId })
          .go({ order: 'desc', count: limit, limit, cursor: cursor ?? null });
        return { items: result.data.map(reviewRecord), cursor: result.cursor };
      } catch (error) {
        if (cursor && (error instanceof ElectroError || (error as Error).name === 'ValidationException')) {
          throw new BadRequestError('Invalid query: cursor is not a cursor this API gave out', {
            cursor: 'Invalid cursor',
          });
        }
        throw error;
      }
    },
    async avatarKeys(userIds) {
      if (userIds.length === 0) return new Map();
      const result = await profile
        .get(userIds.map((userId) => ({ userId })))
        .go({ attributes: ['userId', 'avatarKey'] });
      return new Map(result.data.flatMap((p) => (p.avatarKey ? [[p.userId, p.avatarKey] as const] : [])));
    },
  };
}
