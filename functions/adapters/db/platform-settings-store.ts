import type { PlatformSettings } from '../../../shared/domain/admin-settings';
import type { SettingsStore } from '../../core/admin-settings/ports';
import { conditionally } from './conditional';
import { PLATFORM_SCOPE } from './entities/platform-settings';
import type { Db } from './service';

/** The platform settings item (decision 063): read by key, saved whole on the version it read. */
export function platformSettingsStore(db: Db): SettingsStore {
  const { platformSettings } = db.entities;
  return {
    async get() {
      const { data } = await platformSettings.get({ scope: PLATFORM_SCOPE }).go({ consistent: true });
      if (!data) return null;
      return {
        values: JSON.parse(data.values) as Partial<PlatformSettings>,
        version: data.version,
        updatedAt: data.updatedAt,
      };
    },

    async save(values, expectedVersion, at) {
      return conditionally(() =>
        platformSettings
          .put({
            scope: PLATFORM_SCOPE,
            values: JSON.stringify(values),
            version: (expectedVersion ?? 0) + 1,
            updatedAt: at.toISOString(),
          })
          .where((a, op) => (expectedVersion === null ? op.notExists(a.version) : op.eq(a.version, expectedVersion)))
          .go(),
      );
    },
  };
}
