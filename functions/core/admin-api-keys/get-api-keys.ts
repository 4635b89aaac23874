import { MANAGED_KEYS, MANAGED_KEY_LABELS, type ManagedKey } from '../../../shared/api/admin-api-keys';
import type { ManagedSecretStore } from './ports';

export interface ApiKeyStatus {
  name: ManagedKey;
  label: string;
  configured: boolean;
}

export const statusOf = (name: ManagedKey, configured: boolean): ApiKeyStatus => ({
  name,
  label: MANAGED_KEY_LABELS[name],
  configured,
});

/** The API keys tab's read (decision 064): each managed key's label and whether it is set, never its value. */
export async function getApiKeys(deps: { secrets: ManagedSecretStore }): Promise<{ keys: ApiKeyStatus[] }> {
  const configured = await deps.secrets.configured();
  return { keys: MANAGED_KEYS.map((name) => statusOf(name, configured[name])) };
}
