import type { ManagedKey } from '../../../shared/api/admin-api-keys';
import type { Clock } from '../clock/clock';
import { SECRET_CHANGED, type AuditLog } from '../admin/audit';
import { statusOf, type ApiKeyStatus } from './get-api-keys';
import type { ManagedSecretStore } from './ports';

export interface SaveApiKeyDeps {
  secrets: ManagedSecretStore;
  audit: AuditLog;
  clock: Clock;
}

/** Save a new value (decision 064); the audit log says only that it changed (decision 061). */
export async function saveApiKey(
  actorId: string,
  name: ManagedKey,
  value: string,
  deps: SaveApiKeyDeps,
): Promise<ApiKeyStatus> {
  await deps.secrets.save(name, value);
  await deps.audit.record(
    { actorId, action: 'secret.update', subject: name, before: SECRET_CHANGED, after: SECRET_CHANGED },
    deps.clock.now(),
  );
  return statusOf(name, true);
}
