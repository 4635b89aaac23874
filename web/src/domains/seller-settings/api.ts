import useSWR from 'swr';
import * as contracts from '../../../../shared/api/seller-settings';
import type { SellerSettings } from '../../../../shared/domain/seller-settings';
import { apiGet, apiSend } from '../../lib/api';
import { keys } from '../keys';

/** The signed-in user's seller settings (the defaults until they save; decision 057). */
export function useSellerSettings(userId: string, token: string) {
  return useSWR(keys.sellerSettings(userId), () => apiGet(contracts.getSellerSettings, { token }));
}

/** Save Settings: every setting at once (a PUT: a retry writes the same again); answers them as saved. */
export function saveSellerSettings(token: string, body: SellerSettings): Promise<SellerSettings> {
  return apiSend(contracts.saveSellerSettings, { token, body });
}
