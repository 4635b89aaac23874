import { publicSettingsOf, type PublicSettings } from '../../../shared/domain/admin-settings';
import type { SettingsPort } from './ports';

/** What every page must know (maintenance, announcement, max images, require_kyc), through the cache. */
export async function getPublicSettings(settings: Pick<SettingsPort, 'current'>): Promise<PublicSettings> {
  return publicSettingsOf(await settings.current());
}
