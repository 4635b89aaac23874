import { Entity, type EntityConfiguration } from 'electrodb';
import { TABLE_KEY, TTL_ATTRIBUTE } from '../table';

/** Requests of one action from one source IP in one fixed window; removed by TTL after the window. */
export const rateCounterEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'rateCounter', version: '1', service: 'marketplace' },
      attributes: {
        key: { type: 'string', required: true },
        windowStart: { type: 'number', required: true },
        count: { type: 'number' },
        ttl: { type: 'number', field: TTL_ATTRIBUTE },
      },
      indexes: {
        byKeyWindow: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['key'] },
          sk: { field: TABLE_KEY.sortKey, composite: ['windowStart'] },
        },
      },
    },
    config,
  );
