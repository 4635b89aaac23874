import { Entity, type EntityConfiguration } from 'electrodb';
import { TABLE_KEY } from '../table';

/**
 * How many orders' escrows are in one monitor bucket (decision 065): changed in the same transaction as the order's
 * status, so the escrow monitor's counts are two reads however many orders there are.
 */
export const escrowCountEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'escrowCount', version: '1', service: 'marketplace' },
      attributes: {
        // 'held' orders are also in 'pending': its own count spares the monitor reading them (decision 065).
        bucket: { type: ['pending', 'held', 'completed', 'cancelled'] as const, required: true },
        count: { type: 'number' },
      },
      indexes: {
        byBucket: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['bucket'] },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
      },
    },
    config,
  );
