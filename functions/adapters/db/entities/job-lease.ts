import { Entity, type EntityConfiguration } from 'electrodb';
import { TABLE_KEY, TTL_ATTRIBUTE } from '../table';

/**
 * A scheduled job's run in progress (decision 025): which run holds it and until when (epoch ms, the run's own time
 * limit). Taken with a conditional put, given back when the run ends; TTL removes an expired one.
 */
export const jobLeaseEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'jobLease', version: '1', service: 'marketplace' },
      attributes: {
        job: { type: 'string', required: true },
        holder: { type: 'string', required: true },
        expiresAt: { type: 'number', required: true },
        ttl: { type: 'number', field: TTL_ATTRIBUTE },
      },
      indexes: {
        byJob: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['job'] },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
      },
    },
    config,
  );
