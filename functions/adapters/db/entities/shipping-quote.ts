import { Entity, type EntityConfiguration } from 'electrodb';
import { TABLE_KEY, TTL_ATTRIBUTE } from '../table';

/** Shipping options quoted to a buyer at checkout, held so the order is priced as quoted; TTL removes them. */
export const shippingQuoteEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'shippingQuote', version: '1', service: 'marketplace' },
      attributes: {
        quoteId: { type: 'string', required: true },
        buyerId: { type: 'string', required: true },
        fingerprint: { type: 'string', required: true },
        source: { type: ['carrier', 'estimated', 'standard'] as const, required: true },
        options: { type: 'any', required: true },
        perSeller: { type: 'any', required: true },
        expiresAt: { type: 'string', required: true },
        ttl: { type: 'number', required: true, field: TTL_ATTRIBUTE },
      },
      indexes: {
        byId: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['quoteId'] },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
      },
    },
    config,
  );
