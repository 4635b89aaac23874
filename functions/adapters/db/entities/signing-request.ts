import { Entity, type EntityConfiguration } from 'electrodb';
import { SIGNING_PURPOSES } from '../../../core/signing/requests';
import { TABLE_KEY, TTL_ATTRIBUTE } from '../table';

/** A payload at the wallet service with its purpose, status and the signing queue's progress. Kept a day after expiry. */
export const signingRequestEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'signingRequest', version: '1', service: 'marketplace' },
      attributes: {
        uuid: { type: 'string', required: true },
        purpose: { type: SIGNING_PURPOSES, required: true },
        status: { type: ['pending', 'signed', 'cancelled', 'expired', 'timed_out'] as const, required: true },
        clientSecretHash: { type: 'string', required: true },
        /** The order an escrow-create request pays for. */
        subjectId: { type: 'string' },
        createdAt: { type: 'string', required: true, readOnly: true },
        expiresAt: { type: 'string', required: true },
        attempts: { type: 'number', required: true },
        lastCheckedAt: { type: 'string' },
        lastMessageId: { type: 'string' },
        completedAt: { type: 'string' },
        account: { type: 'string' },
        ttl: { type: 'number', required: true, field: TTL_ATTRIBUTE },
      },
      indexes: {
        byUuid: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['uuid'] },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
      },
    },
    config,
  );
