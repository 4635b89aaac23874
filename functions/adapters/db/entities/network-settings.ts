import { Entity, type EntityConfiguration } from 'electrodb';
import { XRPL_NETWORKS } from '../../../../shared/api/admin-network';
import { TABLE_KEY } from '../table';

/** The platform's XRPL network settings (decision 064): one item, absent until the first save (the defaults). */
export const networkSettingsEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'networkSettings', version: '1', service: 'marketplace' },
      attributes: {
        network: { type: XRPL_NETWORKS, required: true },
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
