import { Entity, type EntityConfiguration } from 'electrodb';
import { TABLE_KEY } from '../table';

/** The one item `scope` ever names: the platform's settings are one item (decision 063). */
export const PLATFORM_SCOPE = 'platform';

/**
 * The admin portal's platform settings (decision 063): one item, the keys ever saved as JSON (absent keys keep their
 * default), its save count (each save is conditional on the one it read) and when it was last saved.
 */
export const platformSettingsEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'platformSettings', version: '1', service: 'marketplace' },
      attributes: {
        scope: { type: 'string', required: true, readOnly: true },
        values: { type: 'string', required: true },
        version: { type: 'number', required: true },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        byScope: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['scope'] },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
      },
    },
    config,
  );
