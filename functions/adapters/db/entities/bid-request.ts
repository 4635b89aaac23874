import { Entity, type EntityConfiguration } from 'electrodb';
import { TABLE_KEY, TTL_ATTRIBUTE } from '../table';

/**
 * A placed bid's Idempotency-Key and answer (decision 031), written in the bid's own transaction, so a bid and its
 * answer are stored together or not at all: a retry with the key gets `answer` again. Keys are per user; removed by
 * TTL after a day, as the other routes' idempotency records.
 */
export const bidRequestEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'bidRequest', version: '1', service: 'marketplace' },
      attributes: {
        userId: { type: 'string', required: true },
        idempotencyKey: { type: 'string', required: true },
        /** The request's amount: the same key with another amount is another request (422). */
        amountCents: { type: 'number', required: true },
        /** The BidPlaced answer, as JSON. */
        answer: { type: 'string', required: true },
        ttl: { type: 'number', required: true, field: TTL_ATTRIBUTE },
      },
      indexes: {
        byKey: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['userId'] },
          // Keys are compared exactly: two keys that differ in case are two requests.
          sk: { field: TABLE_KEY.sortKey, composite: ['idempotencyKey'], casing: 'none' },
        },
      },
    },
    config,
  );
