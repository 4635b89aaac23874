import { carrier } from '../adapters/carrier/fedex-carrier';
import { clock } from '../adapters/clock';
import { managedSecrets } from '../adapters/managed-secrets';
import { forgetSavedSecret } from '../adapters/secrets';
import { signer } from '../adapters/signer/xaman-signer';
import type { ConnectionChecks, ManagedSecretStore } from '../core/admin-api-keys/ports';
import type { SaveApiKeyDeps } from '../core/admin-api-keys/save-api-key';
import { auditLog } from './audit';

/** The API keys tab's composition (decision 064). */

export const apiKeyStatusDeps = (): { secrets: ManagedSecretStore } => ({ secrets: managedSecrets() });

/** The container that saved a key uses it from its next call, others within SECRET_TTL_SECONDS (decision 071). */
function savingStore(): ManagedSecretStore {
  const store = managedSecrets();
  return {
    configured: () => store.configured(),
    async save(name, value) {
      await store.save(name, value);
      forgetSavedSecret(name);
    },
  };
}

export const saveApiKeyDeps = (): SaveApiKeyDeps => ({ secrets: savingStore(), audit: auditLog(), clock });

/** Xaman's ping and a FedEx OAuth token, each with the credentials the functions use. */
export const connectionChecks = (): ConnectionChecks => ({
  xaman: () => signer().checkHealth(),
  fedex: () => carrier().checkHealth(),
});
