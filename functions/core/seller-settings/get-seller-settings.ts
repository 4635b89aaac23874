import type { SellerSettings } from '../../../shared/domain/seller-settings';
import type { SellerSettingsStore } from './ports';
import { settingsOf } from './settings-of';

/** The Settings tab's read: the caller's own settings (the defaults when they never saved). */
export function getSellerSettings(
  userId: string,
  deps: { settings: Pick<SellerSettingsStore, 'get'> },
): Promise<SellerSettings> {
  return settingsOf(deps.settings, userId);
}
