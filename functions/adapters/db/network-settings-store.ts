import type { NetworkSettings } from '../../../shared/api/admin-network';
import type { NetworkSettingsStore } from '../../core/admin-network/ports';
import { ESCROW_OPEN_ON_LEDGER } from '../../core/admin-network/network-settings';
import { conditionally } from './conditional';
import { orderStore } from './order-store';
import type { Db } from './service';

/** The network settings item (decision 064), written whole and conditionally on the version read. */
export function networkSettingsStore(db: Db): NetworkSettingsStore {
  const { networkSettings } = db.entities;
  return {
    async get() {
      const { data } = await networkSettings.get({}).go({ consistent: true });
      if (!data) return null;
      const { version, updatedAt, ...settings } = data;
      return { settings: settings as NetworkSettings, version, updatedAt };
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

/**
 * Whether any escrow is open (decision 064): one query of at most one order per open status in the orders'
 * status-and-deadline index, so it costs a few reads whatever the number of orders.
 */
export function openEscrows(db: Db) {
  const orders = orderStore(db);
  return {
    async any() {
      const found = await Promise.all(ESCROW_OPEN_ON_LEDGER.map((s) => orders.dueIn(s, '\uffff', 1)));
      return found.some((list) => list.length > 0);
    },
  };
}
