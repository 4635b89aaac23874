import type { ServerInfo } from '../../../shared/api/admin-network';
import { BadRequestError } from '../../lib/errors';
import { settingsOf } from './network-settings';
import type { LedgerInUse, LedgerProbe, NetworkSettingsStore } from './ports';

export interface TestNetworkConnectionDeps {
  store: Pick<NetworkSettingsStore, 'get'>;
  inUse: LedgerInUse;
  probe: LedgerProbe;
}

export const ENDPOINT_NOT_SAVED =
  'Save this endpoint before testing it: only the endpoint in use and saved ones are tested.';

export type ConnectionResult = { connected: true; serverInfo: ServerInfo } | { connected: false; error: string };

/**
 * Test Connection (decisions 064 and 072): server_info from the endpoint, within the saved connection timeout. Only the
 * endpoint in use and the saved ones are dialled, so the route cannot be pointed at arbitrary hosts.
 */
export async function testNetworkConnection(url: string, deps: TestNetworkConnectionDeps): Promise<ConnectionResult> {
  const settings = settingsOf(await deps.store.get(), deps.inUse);
  if (url !== deps.inUse.url && !settings.rpcUrls.includes(url)) {
    throw new BadRequestError(ENDPOINT_NOT_SAVED, { url: ENDPOINT_NOT_SAVED });
  }
  try {
    return { connected: true, serverInfo: await deps.probe.serverInfo(url, settings.connectionTimeoutSeconds * 1000) };
  } catch (error) {
    return { connected: false, error: (error as Error).message || 'Unable to connect to XRPL network' };
  }
}
