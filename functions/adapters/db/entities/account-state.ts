import { Entity, type EntityConfiguration } from 'electrodb';
import { STORE_STATUSES } from '../../../../shared/domain/account-state';
import { TABLE_INDEXES as I, TABLE_KEY } from '../table';

/** `dueAt` of an account with nothing to do (the index's condition keeps it out). */
export const NOT_DUE = 'none';

/**
 * An account's danger-zone state (core/account-state/ports.ts AccountState, decision 059): its store's status, the
 * listing pass that moves it, a Delete Data request and how far it got. Written whole with a put conditional on the
 * version read. In the schedule's index (sparse on byEndTime) while work is due.
 */
export const accountStateEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'accountState', version: '1', service: 'marketplace' },
      attributes: {
        userId: { type: 'string', required: true },
        storeStatus: { type: STORE_STATUSES, required: true },
        /** The pass over the store's listings: cursor and listings held this pass. */
        sweep: { type: 'any' },
        /** The Delete Data request: status, eraser, cursor, when it started and ended. */
        erasure: { type: 'any' },
        /**
         * Key sources of the sparse schedule index, always set (ElectroDB needs every composite of an index with a
         * condition on each write): 'due' with the time, or 'idle' with NOT_DUE.
         */
        work: { type: ['due', 'idle'] as const, required: true },
        dueAt: { type: 'string', required: true },
        version: { type: 'number', required: true },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        byUser: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['userId'] },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
        byDue: {
          index: 'byEndTime',
          condition: (attr) => attr.work === 'due',
          pk: { field: I.byEndTime.partitionKey, composite: ['work'] },
          sk: { field: I.byEndTime.sortKey, composite: ['dueAt', 'userId'] },
        },
      },
    },
    config,
  );
