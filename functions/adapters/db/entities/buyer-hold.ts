import { Entity, type EntityConfiguration } from 'electrodb';
import { TABLE_KEY, TTL_ATTRIBUTE } from '../table';

/**
 * A buyer's hold limits (core/orders/holds.ts, decision 041), one item per `slot` under the buyer: `open` counts the
 * buyer's unpaid checkout orders; `day#<listingId>#<day>` sums the reserved time charged on that UTC day (`seconds`)
 * and says until when the listing is not held for the buyer again (`until`, a cooldown running on that day). Day
 * items go by TTL.
 */
export const buyerHoldEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'buyerHold', version: '1', service: 'marketplace' },
      attributes: {
        buyerId: { type: 'string', required: true },
        slot: { type: 'string', required: true },
        count: { type: 'number' },
        until: { type: 'string' },
        seconds: { type: 'number' },
        ttl: { type: 'number', field: TTL_ATTRIBUTE },
      },
      indexes: {
        byBuyerSlot: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['buyerId'] },
          sk: { field: TABLE_KEY.sortKey, composite: ['slot'] },
        },
      },
    },
    config,
  );
