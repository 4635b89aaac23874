/** Secrets the functions use; each is read once per warm container and never logged or returned. */
export type SecretName = 'xamanApiSecret';

export interface SecretSource {
  read(name: SecretName): Promise<string>;
}
