import type { AdminSettingsView } from '../../../shared/api/admin-settings';
import { feeStepProblem, type PlatformSettings, type SettingKey } from '../../../shared/domain/admin-settings';
import { BadRequestError, ConflictError } from '../../lib/errors';
import type { AuditLog } from '../admin/audit';
import type { SettingsPort } from './ports';
import { settingsOf } from './settings-cache';
import { settingsView, type SettingsViewDeps } from './settings-view';

export interface UpdateSettingsDeps extends SettingsViewDeps {
  settings: Pick<SettingsPort, 'forget'>;
  audit: AuditLog;
  clock: { now(): Date };
}

/**
 * An administrator changes some settings (already checked by the shared schema): one conditional write of the item,
 * then one audit entry per key that changed, with its value before and after (decision 061). A service choice must be
 * one this deployment configured.
 */
export async function updateAdminSettings(
  actorId: string,
  change: Partial<PlatformSettings>,
  deps: UpdateSettingsDeps,
): Promise<AdminSettingsView> {
  const step = feeStepProblem(change.platformFeeBasisPoints);
  if (step) throw new BadRequestError(step, { platformFeeBasisPoints: step });
  if (change.upcService !== undefined && !deps.upcServices.includes(change.upcService)) {
    throw new BadRequestError('Choose a configured UPC lookup service.', { upcService: 'Not configured here.' });
  }
  const stored = await deps.store.get();
  const before = settingsOf(stored?.values, deps.defaults);
  const changed = (Object.keys(change) as SettingKey[]).filter((k) => change[k] !== before[k]);
  if (changed.length === 0) return settingsView(stored, deps);

  const at = deps.clock.now();
  const values = { ...stored?.values, ...change };
  if (!(await deps.store.save(values, stored?.version ?? null, at))) {
    throw new ConflictError('Someone else saved the settings just now. Reload them and try again.', 'settings_changed');
  }
  deps.settings.forget();
  for (const key of changed) {
    await deps.audit.record(
      { actorId, action: 'settings.update', subject: key, before: before[key], after: change[key] },
      at,
    );
  }
  return settingsView({ values, version: (stored?.version ?? 0) + 1, updatedAt: at.toISOString() }, deps);
}
