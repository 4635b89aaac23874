import type { ApiService, ManagedKey } from '../../../shared/api/admin-api-keys';

/**
 * The managed API keys and secrets (decision 064): Secrets Manager in AWS, a file under the data directory locally.
 * Values go in and never come out through this port: only whether each is set.
 */
export interface ManagedSecretStore {
  configured(): Promise<Record<ManagedKey, boolean>>;
  save(name: ManagedKey, value: string): Promise<void>;
}

/** Asks a service whether it accepts the stored credentials; throws with a showable reason when not. */
export type ConnectionChecks = Record<ApiService, () => Promise<void>>;
