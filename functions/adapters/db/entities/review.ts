import { Entity, type EntityConfiguration } from 'electrodb';
import { TABLE_KEY } from '../table';
import { REVIEW_TRANSACTION_TYPES } from '../../../../shared/api/stores';

/**
 * A buyer's review of a seller, in the seller's partition newest last (read in reverse). The reviewer's username is
 * copied in because usernames never change; their avatar is read from their profile when shown.
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
        listingId: { type: 'string' },
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
