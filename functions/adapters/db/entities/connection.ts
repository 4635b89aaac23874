import { Entity, type EntityConfiguration } from 'electrodb';
import { TABLE_KEY, TTL_ATTRIBUTE } from '../table';

/** An open WebSocket connection (API Gateway connection id). Expires with the API's 2-hour connection limit. */
export const connectionEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'connection', version: '1', service: 'marketplace' },
      attributes: {
        connectionId: { type: 'string', required: true },
        userId: { type: 'string' },
        /** The session the socket's ticket was issued in: private events stop when it ends (decision 078). */
        sessionId: { type: 'string' },
        topics: { type: 'set', items: 'string' },
        connectedAt: { type: 'string', required: true },
        ttl: { type: 'number', required: true, field: TTL_ATTRIBUTE },
      },
      indexes: {
        byId: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['connectionId'] },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
      },
    },
    config,
  );

/** A connection's interest in a topic (a listing's bids, a signing request); read by topic when an event is published. */
export const subscriptionEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'subscription', version: '1', service: 'marketplace' },
      attributes: {
        topic: { type: 'string', required: true },
        connectionId: { type: 'string', required: true },
        /** On a private topic, the connection's session, checked before each event is pushed (decision 078). */
        sessionId: { type: 'string' },
        ttl: { type: 'number', required: true, field: TTL_ATTRIBUTE },
      },
      indexes: {
        byTopic: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['topic'] },
          sk: { field: TABLE_KEY.sortKey, composite: ['connectionId'] },
        },
      },
    },
    config,
  );
