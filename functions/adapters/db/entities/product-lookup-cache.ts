import { Entity, type EntityConfiguration } from 'electrodb';
import { TABLE_KEY, TTL_ATTRIBUTE } from '../table';

/** One UPC service's answer to one product query, kept for the administrators' upcCacheHours (decision 069). */
export const productLookupCacheEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'productLookupCache', version: '1', service: 'marketplace' },
      attributes: {
        /** `<service>#upc#<code>` or `<service>#name#<words>`. */
        key: { type: 'string', required: true },
        items: { type: 'any', required: true },
        expiresAt: { type: 'string', required: true },
        ttl: { type: 'number', required: true, field: TTL_ATTRIBUTE },
      },
      indexes: {
        byKey: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['key'] },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
      },
    },
    config,
  );
