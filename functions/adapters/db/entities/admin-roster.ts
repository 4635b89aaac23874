import { Entity, type EntityConfiguration } from 'electrodb';
import { TABLE_KEY } from '../table';

/**
 * The administrators' user ids, one item (decision 062): changed in the same transaction as the role on the user, so
 * the Roles tab reads them in one consistent get and a revoke's condition ("not the last") holds under any race.
 */
export const adminRosterEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'adminRoster', version: '1', service: 'marketplace' },
      attributes: {
        roster: { type: 'string', required: true, readOnly: true },
        userIds: { type: 'set', items: 'string' },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        byRoster: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['roster'] },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
      },
    },
    config,
  );
