import { Entity, type EntityConfiguration } from 'electrodb';
import { TABLE_KEY, TTL_ATTRIBUTE } from '../table';

/**
 * A one-time socket ticket (decision 078), keyed by the sha256 of the ticket (the ticket itself is never stored). The
 * $connect authorizer deletes it to use it; TTL removes one never used.
 */
export const socketTicketEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'socketTicket', version: '1', service: 'marketplace' },
      attributes: {
        ticketHash: { type: 'string', required: true },
        userId: { type: 'string', required: true },
        sessionId: { type: 'string', required: true },
        expiresAt: { type: 'string', required: true },
        ttl: { type: 'number', required: true, field: TTL_ATTRIBUTE },
      },
      indexes: {
        byHash: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['ticketHash'] },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
      },
    },
    config,
  );
