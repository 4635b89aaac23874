import {
  networkSettingsProblems,
  type NetworkSettings,
  type NetworkSettingsView,
} from '../../../shared/api/admin-network';
import { BadRequestError, ConflictError } from '../../lib/errors';
import type { Clock } from '../clock/clock';
import type { AuditLog } from '../admin/audit';
import { networkView, settingsOf, type NetworkViewDeps } from './network-settings';
import type { NetworkSettingsPort } from './ports';

export interface SaveNetworkSettingsDeps extends NetworkViewDeps {
  /** The cached settings of this container, forgotten after the save so its next ledger call dials the new list. */
  settings: Pick<NetworkSettingsPort, 'forget'>;
  audit: AuditLog;
  clock: Clock;
}

/**
 * Save (decisions 064 and 072). The escrow window's floor: below 72 hours a shipped order cannot be delivered and
 * inspected before its CancelAfter. With backup nodes on, each backup must be reachable within the retries (each retry
 * dials the next endpoint), so no saved endpoint is one that is never tried. Every function dials the new list within
 * the settings cache's time.
 */
export async function saveNetworkSettings(
  actorId: string,
  next: NetworkSettings,
  deps: SaveNetworkSettingsDeps,
): Promise<NetworkSettingsView> {
  const problems = networkSettingsProblems(next);
  const first = Object.values(problems)[0];
  if (first) throw new BadRequestError(first, problems as Record<string, string>);
  const stored = await deps.store.get();
  const before = settingsOf(stored, deps.inUse);
  const at = deps.clock.now();
  if (!(await deps.store.save(next, stored?.version ?? null, at))) {
    throw new ConflictError('The network settings were changed meanwhile; reload and try again.');
  }
  deps.settings.forget();
  await deps.audit.record({ actorId, action: 'settings.network', subject: 'xrpl_network', before, after: next }, at);
  return networkView({ settings: next, version: (stored?.version ?? 0) + 1, updatedAt: at.toISOString() }, deps);
}
