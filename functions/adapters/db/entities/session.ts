import { Entity, type EntityConfiguration } from 'electrodb';
import { TABLE_INDEXES as I, TABLE_KEY, TTL_ATTRIBUTE } from '../table';

/** A signed-in session: tokens name it (`sid`), sign-out revokes it. Removed by TTL a day after its last expiry. */
export const sessionEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'session', version: '1', service: 'marketplace' },
      attributes: {
        sessionId: { type: 'string', required: true },
        userId: { type: 'string', required: true },
        createdAt: { type: 'string', required: true, readOnly: true },
        expiresAt: { type: 'string', required: true },
        revokedAt: { type: 'string' },
        ttl: { type: 'number', required: true, field: TTL_ATTRIBUTE },
      },
      indexes: {
        byId: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['sessionId'] },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
        /** A user's sessions, so Delete Data ends them all (decision 059); written when the session is made. */
        byUser: {
          index: 'byOwnerTime',
          pk: { field: I.byOwnerTime.partitionKey, composite: ['userId'] },
          sk: { field: I.byOwnerTime.sortKey, composite: ['createdAt', 'sessionId'] },
        },
      },
    },
    config,
  );
