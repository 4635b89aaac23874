import type { AdminSettingsView } from '../../../shared/api/admin-settings';
import { settingsView, type SettingsViewDeps } from './settings-view';

/** The General tab's settings, read past the cache (an administrator sees what is stored now). */
export async function getAdminSettings(deps: SettingsViewDeps): Promise<AdminSettingsView> {
  return settingsView(await deps.store.get(), deps);
}
