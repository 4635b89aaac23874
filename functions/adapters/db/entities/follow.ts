import { Entity, type EntityConfiguration } from 'electrodb';
import { TABLE_INDEXES as I, TABLE_KEY } from '../table';

/**
 * A user following a store (decision 058): one item per follower and seller, in the follower's partition (so "do I
 * follow them" is one read). Its indexes: the seller's followers newest first (the new-listing notices page them) and
 * the follower's stores newest first. Written and removed in the same transaction as the seller's followerCount.
 */
export const followEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'follow', version: '1', service: 'marketplace' },
      attributes: {
        followerId: { type: 'string', required: true },
        sellerId: { type: 'string', required: true },
        followedAt: { type: 'string', required: true, readOnly: true },
      },
      indexes: {
        byFollowerSeller: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['followerId'] },
          sk: { field: TABLE_KEY.sortKey, composite: ['sellerId'] },
        },
        bySeller: {
          index: 'byOwnerTime',
          pk: { field: I.byOwnerTime.partitionKey, composite: ['sellerId'] },
          sk: { field: I.byOwnerTime.sortKey, composite: ['followedAt', 'followerId'] },
        },
        byFollower: {
          index: 'byStatusTime',
          pk: { field: I.byStatusTime.partitionKey, composite: ['followerId'] },
          sk: { field: I.byStatusTime.sortKey, composite: ['followedAt', 'sellerId'] },
        },
      },
    },
    config,
  );
