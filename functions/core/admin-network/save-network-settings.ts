import {
  ESCROW_WINDOW_RANGE,
  NETWORK_TEXTS,
  type NetworkSettings,
  type NetworkSettingsView,
} from '../../../shared/api/admin-network';
import { BadRequestError, ConflictError, InvalidStateError } from '../../lib/errors';
import type { Clock } from '../clock/clock';
import type { AuditLog } from '../admin/audit';
import { networkView, settingsOf, type NetworkViewDeps } from './network-settings';

export interface SaveNetworkSettingsDeps extends NetworkViewDeps {
  audit: AuditLog;
  clock: Clock;
}

export const NETWORK_CHANGE_REFUSED =
  'Escrows are still open on the current network: the network can change only once every escrow has ended.';

/**
 * Save (decision 064). The escrow window's floor: below 72 hours a shipped order cannot be delivered and inspected
 * before its CancelAfter. A change of network while escrows are open would strand them (releases and refunds are
 * submitted to the network in use), so it is refused.
 */
export async function saveNetworkSettings(
  actorId: string,
  next: NetworkSettings,
  deps: SaveNetworkSettingsDeps,
): Promise<NetworkSettingsView> {
  if (next.escrowWindowHours < ESCROW_WINDOW_RANGE.floor) {
    throw new BadRequestError(NETWORK_TEXTS.windowFloor, { escrowWindowHours: NETWORK_TEXTS.windowFloor });
  }
  const stored = await deps.store.get();
  const before = settingsOf(stored);
  if (next.network !== before.network && (await deps.openEscrows.any())) {
    throw new InvalidStateError('escrows_open', NETWORK_CHANGE_REFUSED);
  }
  const at = deps.clock.now();
  if (!(await deps.store.save(next, stored?.version ?? null, at))) {
    throw new ConflictError('The network settings were changed meanwhile; reload and try again.');
  }
  await deps.audit.record({ actorId, action: 'settings.network', subject: 'xrpl_network', before, after: next }, at);
  return networkView({ settings: next, version: (stored?.version ?? 0) + 1, updatedAt: at.toISOString() }, deps);
}
