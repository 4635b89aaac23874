import {
  defaultNetworkSettings,
  type NetworkSettings,
  type NetworkSettingsView,
} from '../../../shared/api/admin-network';
import type { ProtectionSettings } from '../orders/protection';
import type { LedgerInUse, NetworkSettingsPort, NetworkSettingsStore, StoredNetworkSettings } from './ports';

export interface NetworkViewDeps {
  store: NetworkSettingsStore;
  inUse: LedgerInUse;
  protection: ProtectionSettings;
}

/** The settings in force: the saved ones, else the deployment's own endpoint with the spec's defaults. */
export const settingsOf = (stored: StoredNetworkSettings | null, inUse: Pick<LedgerInUse, 'url'>): NetworkSettings =>
  stored?.settings ?? defaultNetworkSettings(inUse.url);

export function networkView(stored: StoredNetworkSettings | null, deps: NetworkViewDeps): NetworkSettingsView {
  return {
    settings: settingsOf(stored, deps.inUse),
    inUse: deps.inUse,
    protection: deps.protection,
    requireCondition: true,
    updatedAt: stored?.updatedAt ?? null,
  };
}

/** The CancelAfter window new escrows get (decision 064): the saved one; existing escrows keep their own. */
export async function escrowWindowHours(settings: Pick<NetworkSettingsPort, 'current'>): Promise<number> {
  return (await settings.current()).escrowWindowHours;
}
