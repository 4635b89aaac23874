import {
  GetSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import type { SecretName, SecretSource } from '../core/secrets/ports';
import { sessionConfig, signerConfig } from '../lib/config';

/** Where each secret comes from: a plain variable (local runtime, tests) or a Secrets Manager ARN (AWS). */
const SOURCES: Record<SecretName, () => { value?: string; arn?: string }> = {
  xamanApiSecret: () => {
    const c = signerConfig();
    return { value: c.XAMAN_API_SECRET, arn: c.XAMAN_API_SECRET_ARN };
  },
  sessionSigningKey: () => {
    const c = sessionConfig();
    return { value: c.SESSION_SIGNING_KEY, arn: c.SESSION_SIGNING_KEY_ARN };
  },
};

let client: SecretsManagerClient | undefined;
const reads = new Map<SecretName, Promise<string>>();

async function fromSecretsManager(arn: string): Promise<string> {
  // The secret's own region, from its ARN (arn:<partition>:secretsmanager:<region>:...).
  client ??= new SecretsManagerClient({ region: arn.split(':')[3] || undefined });
  try {
    const out = await client.send(new GetSecretValueCommand({ SecretId: arn }));
    const value = out.SecretString?.trim();
    if (!value) throw new Error(`secret ${arn} holds no string value`);
    return value;
  } catch (error) {
    // The deployment creates the secret empty; an operator puts the value (see README).
    if (error instanceof ResourceNotFoundException) throw new Error(`secret ${arn} has no value yet`);
    throw error;
  }
}

async function readOnce(name: SecretName): Promise<string> {
  const { value, arn } = SOURCES[name]();
  if (value !== undefined) return value;
  if (arn !== undefined) return fromSecretsManager(arn);
  throw new Error(`no source configured for secret ${name}`);
}

/** Reads each secret once per cold start; a failed read is not cached, so the next call tries again. */
export const secrets: SecretSource = {
  read(name) {
    let pending = reads.get(name);
    if (!pending) {
      pending = readOnce(name);
      reads.set(name, pending);
      pending.catch(() => reads.delete(name));
    }
    return pending;
  },
};

/** For the local runtime and tests that change the environment between runs. */
export function resetSecrets(): void {
  reads.clear();
  client?.destroy();
  client = undefined;
}
