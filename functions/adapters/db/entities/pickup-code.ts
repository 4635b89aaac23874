import { Entity, type EntityConfiguration } from 'electrodb';
import { TABLE_KEY } from '../table';

/**
 * A local pickup's plain one-time code (decision 040), an item of its own beside the order: the order holds only the
 * code's hash, and only the buyer's read of the order reads this.
 */
export const pickupCodeEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'pickupCode', version: '1', service: 'marketplace' },
      attributes: {
        orderId: { type: 'string', required: true },
        buyerId: { type: 'string', required: true },
        code: { type: 'string', required: true },
      },
      indexes: {
        byOrder: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['orderId'] },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
      },
    },
    config,
  );
