import { DEFAULT_SELLER_SETTINGS, type SellerSettings } from '../../../shared/domain/seller-settings';
import type { SellerSettingsStore } from './ports';

/** The user's settings as saved, or the defaults of decision 057 when they never saved. */
export async function settingsOf(store: Pick<SellerSettingsStore, 'get'>, userId: string): Promise<SellerSettings> {
  return (await store.get(userId))?.settings ?? DEFAULT_SELLER_SETTINGS;
}
