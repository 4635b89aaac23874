import type { ManagedKey } from '../../../shared/api/admin-api-keys';

/**
 * Secrets (and the API key ids beside them) the functions use; each is read at most once per cache TTL per container and
 * never logged or returned. The managed keys are an administrator's saved value when there is one, else the
 * deployment's (decision 071).
 */
export type SecretName = ManagedKey | 'sessionSigningKey' | 'originVerifySecret' | 'platformWalletSeed';

export interface SecretSource {
  /** The value, or an error naming the secret when neither a saved value nor the deployment supplies one. */
  read(name: SecretName): Promise<string>;
  /** The value, or undefined when nothing supplies one (an optional key: FedEx's Track pair, the UPC service key). */
  find(name: SecretName): Promise<string | undefined>;
  /**
   * Reads the secret again past its cache (a value just rotated); true when it changed. Throttled by the adapter, so a
   * flood of forged tokens can't turn into a flood of reads.
   */
  refresh(name: SecretName): Promise<boolean>;
}
