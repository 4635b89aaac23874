import { Entity, type EntityConfiguration } from 'electrodb';
import { TABLE_KEY } from '../table';

/**
 * One party's review of an order, beside the order (decision 050): created with `attribute_not_exists` in the review's
 * transaction, so a reviewer reviews an order once; the order's page reads its two from here. It points at the review
 * item (the reviewed user's partition), which holds the stars, the comment and the reply.
 */
export const orderReviewEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'orderReview', version: '1', service: 'marketplace' },
      attributes: {
        orderId: { type: 'string', required: true },
        reviewerId: { type: 'string', required: true },
        reviewedId: { type: 'string', required: true },
        reviewId: { type: 'string', required: true },
        createdAt: { type: 'string', required: true, readOnly: true },
      },
      indexes: {
        byOrder: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['orderId'] },
          sk: { field: TABLE_KEY.sortKey, composite: ['reviewerId'] },
        },
      },
    },
    config,
  );
