import { Entity, type EntityConfiguration } from 'electrodb';
import { TABLE_KEY } from '../table';

/** A tracking number claimed by one order: created with the shipment, so no number serves two orders. */
export const trackingClaimEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'trackingClaim', version: '1', service: 'marketplace' },
      attributes: {
        trackingNumber: { type: 'string', required: true },
        orderId: { type: 'string', required: true },
        claimedAt: { type: 'string', required: true },
      },
      indexes: {
        byNumber: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['trackingNumber'] },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
      },
    },
    config,
  );
