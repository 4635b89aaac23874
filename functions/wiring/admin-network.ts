import { clock } from '../adapters/clock';
import { networkSettingsStore } from '../adapters/db/network-settings-store';
import { db } from '../adapters/db/service';
import { ledgerProbe } from '../adapters/ledger/server-info-probe';
import type { GetNetworkSettingsDeps } from '../core/admin-network/get-network-settings';
import type { SaveNetworkSettingsDeps } from '../core/admin-network/save-network-settings';
import type { TestNetworkConnectionDeps } from '../core/admin-network/test-network-connection';
import { ledgerConfig } from '../lib/config';
import { auditLog } from './audit';
import { networkSettings } from './network-settings';
import { protectionSettings } from './orders';

/** The XRPL Network tab's composition (decisions 064 and 072). */

const inUse = () => {
  const c = ledgerConfig();
  return { network: c.XRPL_NETWORK, url: c.XRPL_URL };
};

export function getNetworkSettingsDeps(): GetNetworkSettingsDeps {
  return { store: networkSettingsStore(db()), inUse: inUse(), protection: protectionSettings() };
}

export function saveNetworkSettingsDeps(): SaveNetworkSettingsDeps {
  return { ...getNetworkSettingsDeps(), settings: networkSettings(), audit: auditLog(), clock };
}

export function testNetworkConnectionDeps(): TestNetworkConnectionDeps {
  return { store: networkSettingsStore(db()), inUse: inUse(), probe: ledgerProbe };
}
