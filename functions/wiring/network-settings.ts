import { networkSettingsStore } from '../adapters/db/network-settings-store';
import { db } from '../adapters/db/service';
import { ledgerEndpointsOf } from '../core/admin-network/ledger-endpoints';
import { settingsOf } from '../core/admin-network/network-settings';
import type { LedgerEndpoints, NetworkSettingsPort } from '../core/admin-network/ports';
import { cachedValue } from '../lib/cached-value';
import { ledgerConfig } from '../lib/config';
import { settingsCacheMs } from './admin-settings';

let port: NetworkSettingsPort | undefined;

/**
 * The one read of the XRPL network settings in this container (decision 072), cached like the platform settings
 * (decision 063: SETTINGS_CACHE_SECONDS, at most a minute): the ledger connection asks it before each use, and
 * checkouts take their escrow window from it. Before any save: the deployment's XRPL_URL with the spec's defaults.
 */
export function networkSettings(): NetworkSettingsPort {
  port ??= cachedValue(
    async () => settingsOf(await networkSettingsStore(db()).get(), { url: ledgerConfig().XRPL_URL }),
    settingsCacheMs(),
  );
  return port;
}

/** The endpoints every function's ledger connection dials (functions/adapters/load-ledger.ts). */
export async function savedLedgerEndpoints(): Promise<LedgerEndpoints> {
  return ledgerEndpointsOf(await networkSettings().current(), ledgerConfig().XRPL_NETWORK);
}

/** Unit tests without a table give the settings themselves; undefined goes back to the stored ones. */
export function setNetworkSettingsForTests(settings: NetworkSettingsPort | undefined): void {
  port = settings;
}
