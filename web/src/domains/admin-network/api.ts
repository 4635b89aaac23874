import useSWR from 'swr';
import * as keysApi from '../../../../shared/api/admin-api-keys';
import * as network from '../../../../shared/api/admin-network';
import { apiGet, apiSend } from '../../lib/api';
import { keys } from '../keys';

/** The XRPL Network tab's settings (decision 064; the defaults until an administrator saves). */
export function useNetworkSettings(userId: string, token: string) {
  return useSWR(keys.adminNetwork(userId), () => apiGet(network.getNetworkSettings, { token }));
}

/** Save: every setting at once (a PUT: a retry writes the same again); answers them as saved. */
export function saveNetworkSettings(token: string, body: network.NetworkSettings) {
  return apiSend(network.saveNetworkSettings, { token, body });
}

/** server_info of the endpoint in use or a saved one; a node that does not answer is `connected: false`. */
export function testNetworkConnection(token: string, url: string) {
  return apiSend(network.testNetworkConnection, { token, body: { url } });
}

/** Whether each managed API key is set (never a value). */
export function useApiKeys(userId: string, token: string) {
  return useSWR(keys.adminApiKeys(userId), () => apiGet(keysApi.getApiKeys, { token }));
}

export function saveApiKey(token: string, name: keysApi.ManagedKey, value: string) {
  return apiSend(keysApi.saveApiKey, { token, params: { name }, body: { value } });
}

export function testApiConnection(token: string, service: keysApi.ApiService) {
  return apiSend(keysApi.testApiConnection, { token, params: { service }, body: {} });
}
