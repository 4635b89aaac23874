/** Secrets the functions use; each is read at most once per cache TTL per container and never logged or returned. */
export type SecretName =
  | 'xamanApiSecret'
  | 'sessionSigningKey'
  | 'originVerifySecret'
  | 'carrierApiSecret'
  | 'carrierTrackApiSecret'
  | 'carrierWebhookSecret'
  | 'platformWalletSeed';

export interface SecretSource {
  read(name: SecretName): Promise<string>;
  /**
   * Reads the secret again past its cache (a value just rotated); true when it changed. Throttled by the adapter, so a
   * flood of forged tokens can't turn into a flood of reads.
   */
  refresh(name: SecretName): Promise<boolean>;
}
