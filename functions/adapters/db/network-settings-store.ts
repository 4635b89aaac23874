import type { NetworkSettingsStore } from '../../core/admin-network/ports';
import { conditionally } from './conditional';
import type { Db } from './service';

/** The network settings item (decision 064), written whole and conditionally on the version read. */
export function networkSettingsStore(db: Db): NetworkSettingsStore {
  const { networkSettings } = db.entities;
  return {
    async get() {
      const { data } = await networkSettings.get({}).go({ consistent: true });
      if (!data) return null;
      const { rpcUrls, enableBackupNodes, connectionTimeoutSeconds, maxRetries, escrowWindowHours } = data;
      return {
        settings: { rpcUrls, enableBackupNodes, connectionTimeoutSeconds, maxRetries, escrowWindowHours },
        version: data.version,
        updatedAt: data.updatedAt,
      };
    },

    save(settings, expectedVersion, at) {
      return conditionally(() =>
        networkSettings
          .put({ ...settings, version: (expectedVersion ?? 0) + 1, updatedAt: at.toISOString() })
          .where((a, op) => (expectedVersion === null ? op.notExists(a.version) : op.eq(a.version, expectedVersion)))
          .go(),
      );
    },
  };
}
