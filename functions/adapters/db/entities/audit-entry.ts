import { Entity, type EntityConfiguration } from 'electrodb';
import { TABLE_INDEXES as I, TABLE_KEY } from '../table';

/**
 * One admin audit entry (decision 061), written once and never changed. Partitioned by UTC month so no partition grows
 * without end; ids are ULIDs, so each partition reads newest first. Also by actor, for "what did this admin do".
 */
export const auditEntryEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'auditEntry', version: '1', service: 'marketplace' },
      attributes: {
        month: { type: 'string', required: true, readOnly: true },
        entryId: { type: 'string', required: true, readOnly: true },
        actorId: { type: 'string', required: true, readOnly: true },
        action: { type: 'string', required: true, readOnly: true },
        subject: { type: 'string', readOnly: true },
        /** JSON of the value before and after ('null' where there is none). */
        before: { type: 'string', required: true, readOnly: true },
        after: { type: 'string', required: true, readOnly: true },
        at: { type: 'string', required: true, readOnly: true },
      },
      indexes: {
        byMonth: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['month'] },
          sk: { field: TABLE_KEY.sortKey, composite: ['entryId'] },
        },
        byActor: {
          index: 'byOwnerTime',
          pk: { field: I.byOwnerTime.partitionKey, composite: ['actorId'] },
          sk: { field: I.byOwnerTime.sortKey, composite: ['entryId'] },
        },
      },
    },
    config,
  );
