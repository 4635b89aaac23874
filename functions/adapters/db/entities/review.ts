import { Entity, type EntityConfiguration } from 'electrodb';
import { TABLE_KEY } from '../table';
import { REVIEW_TRANSACTION_TYPES } from '../../../../shared/domain/reviews';

/**
 * A review, in the reviewed user's partition newest last (read in reverse): the store page's Reviews tab is one range
 * read. `sellerId` names the reviewed user (the seller for a 'buy' review, the buyer for an 'other' one); the name is
 * the key's and stays. `reviewId` is a ULID of `createdAt`'s instant, so the id alone gives the key (decision 050).
 * The reviewer's username is copied in because usernames never change; their avatar is read from their profile when
 * shown.
 */
export const reviewEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'review', version: '1', service: 'marketplace' },
      attributes: {
        sellerId: { type: 'string', required: true },
        reviewId: { type: 'string', required: true },
        reviewerId: { type: 'string', required: true },
        reviewerUsername: { type: 'string', required: true },
        /** Whole stars, 1 to 5. */
        rating: { type: 'number', required: true },
        comment: { type: 'string', required: true },
        transactionType: { type: REVIEW_TRANSACTION_TYPES, required: true },
        /** The order it reviews (the demo data's reviews have none). */
        orderId: { type: 'string' },
        listingId: { type: 'string' },
        /** The reviewed user's one reply. */
        reply: {
          type: 'map',
          properties: {
            comment: { type: 'string', required: true },
            createdAt: { type: 'string', required: true },
          },
        },
        createdAt: { type: 'string', required: true, readOnly: true },
      },
      indexes: {
        bySeller: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['sellerId'] },
          sk: { field: TABLE_KEY.sortKey, composite: ['createdAt', 'reviewId'] },
        },
      },
    },
    config,
  );
