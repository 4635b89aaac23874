import type { AdminSettingsView } from '../../../shared/api/admin-settings';
import type { PlatformSettings, UpcService } from '../../../shared/domain/admin-settings';
import { settingsOf } from './settings-cache';
import type { SettingsStore, StoredSettings } from './ports';

export interface SettingsViewDeps {
  store: SettingsStore;
  defaults: PlatformSettings;
  /** The platform's XRPL account, from the deployment config (read-only here). */
  platformWalletAddress: string;
  /** The UPC lookup services this deployment has configured. */
  upcServices: readonly UpcService[];
}

export function settingsView(stored: StoredSettings | null, deps: SettingsViewDeps): AdminSettingsView {
  return {
    settings: settingsOf(stored?.values, deps.defaults),
    platformWalletAddress: deps.platformWalletAddress,
    upcServices: [...deps.upcServices],
    updatedAt: stored?.updatedAt ?? null,
  };
}
