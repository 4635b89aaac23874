/** Secrets the functions use; each is read once per warm container and never logged or returned. */
export type SecretName = 'xamanApiSecret' | 'sessionSigningKey';

export interface SecretSource {
  read(name: SecretName): Promise<string>;
}
