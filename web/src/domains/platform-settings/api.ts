import useSWR from 'swr';
import * as contracts from '../../../../shared/api/admin-settings';
import { DEFAULT_PLATFORM_SETTINGS, type PlatformSettings } from '../../../../shared/domain/admin-settings';
import { apiGet, apiSend } from '../../lib/api';
import { keys } from '../keys';

/**
 * What every page must know of the platform settings (maintenance, announcement, max images, require_kyc; decision
 * 063): one cached read, refreshed each minute (the functions' own cache keeps them up to 60 s anyway).
 */
export function usePublicSettings() {
  return useSWR(keys.publicSettings(), () => apiGet(contracts.getPublicSettings), { refreshInterval: 60_000 });
}

/** The General tab's settings (administrators only). */
export function useAdminSettings(userId: string, token: string) {
  return useSWR(keys.adminSettings(userId), () => apiGet(contracts.getAdminSettings, { token }));
}

/** Save: the changed settings (a PUT: a retry writes the same again); answers them all as saved. */
export function updateAdminSettings(token: string, body: Partial<PlatformSettings>) {
  return apiSend(contracts.updateAdminSettings, { token, body });
}

/** Photos a listing may have now (the server checks the same setting; the default until the settings load). */
export function useMaxListingImages(): number {
  return usePublicSettings().data?.maxListingImages ?? DEFAULT_PLATFORM_SETTINGS.maxListingImages;
}
