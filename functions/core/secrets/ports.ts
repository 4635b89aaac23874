/** Secrets the functions use; each is read at most once per cache TTL per container and never logged or returned. */
export type SecretName = 'xamanApiSecret' | 'sessionSigningKey';

export interface SecretSource {
  read(name: SecretName): Promise<string>;
}
