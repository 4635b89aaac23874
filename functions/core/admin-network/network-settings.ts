import {
  DEFAULT_NETWORK_SETTINGS,
  type NetworkSettings,
  type NetworkSettingsView,
} from '../../../shared/api/admin-network';
import type { OrderStatus } from '../orders/order';
import type { ProtectionSettings } from '../orders/protection';
import type { LedgerInUse, NetworkSettingsStore, OpenEscrows, StoredNetworkSettings } from './ports';

/**
 * Order statuses whose escrow is on the ledger or may be at any moment (a wallet signing it, a submit under way, a
 * release or refund not yet validated): any of them blocks a change of network.
 */
export const ESCROW_OPEN_ON_LEDGER = [
  'awaiting_signature',
  'submitting',
  'funded',
  'shipped',
  'delivered',
  'releasing',
  'refunding',
] as const satisfies readonly OrderStatus[];

export interface NetworkViewDeps {
  store: NetworkSettingsStore;
  openEscrows: OpenEscrows;
  inUse: LedgerInUse;
  protection: ProtectionSettings;
}

/** The settings in force: the saved ones, else the spec's defaults. */
export const settingsOf = (stored: StoredNetworkSettings | null): NetworkSettings =>
  stored?.settings ?? DEFAULT_NETWORK_SETTINGS;

export async function networkView(
  stored: StoredNetworkSettings | null,
  deps: NetworkViewDeps,
): Promise<NetworkSettingsView> {
  return {
    settings: settingsOf(stored),
    inUse: deps.inUse,
    protection: deps.protection,
    requireCondition: true,
    openEscrows: await deps.openEscrows.any(),
    updatedAt: stored?.updatedAt ?? null,
  };
}

/** The CancelAfter window new escrows get (decision 064): the saved one; existing escrows keep their own. */
export async function escrowWindowHours(store: Pick<NetworkSettingsStore, 'get'>): Promise<number> {
  return settingsOf(await store.get()).escrowWindowHours;
}
