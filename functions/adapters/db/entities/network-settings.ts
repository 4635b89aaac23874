import { Entity, type EntityConfiguration } from 'electrodb';
import { TABLE_KEY } from '../table';

/**
 * The platform's XRPL network settings (decisions 064 and 072): one item, absent until the first save (the defaults).
 * An item saved before decision 072 also holds a `network`, which nothing reads; the next save drops it.
 */
export const networkSettingsEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'networkSettings', version: '1', service: 'marketplace' },
      attributes: {
        rpcUrls: { type: 'list', items: { type: 'string' }, required: true },
        enableBackupNodes: { type: 'boolean', required: true },
        connectionTimeoutSeconds: { type: 'number', required: true },
        maxRetries: { type: 'number', required: true },
        escrowWindowHours: { type: 'number', required: true },
        /** Counts the saves: a save is conditional on the one it read, so two racing saves can't both win. */
        version: { type: 'number', required: true },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        primary: {
          pk: { field: TABLE_KEY.partitionKey, composite: [] },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
      },
    },
    config,
  );
