import type { NetworkSettingsView } from '../../../shared/api/admin-network';
import { networkView, type NetworkViewDeps } from './network-settings';

export type GetNetworkSettingsDeps = NetworkViewDeps;

/** The XRPL Network tab's read (decision 064). */
export async function getNetworkSettings(deps: GetNetworkSettingsDeps): Promise<NetworkSettingsView> {
  return networkView(await deps.store.get(), deps);
}
