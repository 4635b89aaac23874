import { ResourceNotFoundException, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import type { SecretName, SecretSource } from '../core/secrets/ports';
import { carrierConfig, platformConfig, sessionConfig, signerConfig } from '../lib/config';

/**
 * How long a warm container keeps a secret before reading it again: a rotated secret (the session signing key, the
 * Xaman API secret) takes effect everywhere within this time, without a redeploy (decision 008).
 */
export const SECRET_TTL_SECONDS = 5 * 60;
/** A secret is read past its cache at most this often (a refused token asking whether the key was rotated). */
export const SECRET_REFRESH_MIN_SECONDS = 30;

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
  // The header CloudFront adds to API requests (functions/lib/origin-verify.ts); AWS only, so no plain value.
  originVerifySecret: () => ({ arn: process.env.ORIGIN_VERIFY_SECRET_ARN || undefined }),
  carrierApiSecret: () => {
    const c = carrierConfig();
    return { value: c.CARRIER_API_SECRET, arn: c.CARRIER_API_SECRET_ARN };
  },
  // FedEx's separate Track key pair; read only when CARRIER_TRACK_API_KEY is set.
  carrierTrackApiSecret: () => {
    const c = carrierConfig();
    return { value: c.CARRIER_TRACK_API_SECRET, arn: c.CARRIER_TRACK_API_SECRET_ARN };
  },
  // The security token FedEx signs webhooks with (fdx-signature).
  carrierWebhookSecret: () => {
    const c = carrierConfig();
    return { value: c.CARRIER_WEBHOOK_SECRET, arn: c.CARRIER_WEBHOOK_SECRET_ARN };
  },
  platformWalletSeed: () => {
    const c = platformConfig();
    return { value: c.PLATFORM_WALLET_SEED, arn: c.PLATFORM_WALLET_SEED_ARN };
  },
};

let provider: SecretsProvider | undefined;
/** Reads under way, so concurrent requests of a cold container share one call. */
const pending = new Map<string, Promise<string>>();
/** The last value read per ARN, and when each was last read past the cache. */
const lastValue = new Map<string, string>();
const forcedAt = new Map<string, number>();

function secretsProvider(arn: string): SecretsProvider {
  // The secret's own region, from its ARN (arn:<partition>:secretsmanager:<region>:...).
  provider ??= new SecretsProvider({
    awsSdkV3Client: new SecretsManagerClient({ region: arn.split(':')[3] || undefined }),
  });
  return provider;
}

/** Powertools Parameters caches the value for SECRET_TTL_SECONDS; a failed read is not cached. */
async function fromSecretsManager(arn: string, forceFetch = false): Promise<string> {
  try {
    const value = (await secretsProvider(arn).get(arn, { maxAge: SECRET_TTL_SECONDS, forceFetch })) as
      string | undefined;
    const trimmed = typeof value === 'string' ? value.trim() : '';
    if (!trimmed) throw new Error(`secret ${arn} holds no string value`);
    lastValue.set(arn, trimmed);
    return trimmed;
  } catch (error) {
    // The deployment creates the secret empty; an operator puts the value (see README).
    if ((error as Error).cause instanceof ResourceNotFoundException) throw new Error(`secret ${arn} has no value yet`);
    throw error;
  }
}

/** Plain values (local) win over an ARN; in AWS each secret is read from Secrets Manager at most once per TTL. */
export const secrets: SecretSource = {
  read(name) {
    const { value, arn } = SOURCES[name]();
    if (value !== undefined) return Promise.resolve(value);
    if (arn === undefined) return Promise.reject(new Error(`no source configured for secret ${name}`));
    let read = pending.get(arn);
    if (!read) {
      read = fromSecretsManager(arn).finally(() => pending.delete(arn));
      pending.set(arn, read);
    }
    return read;
  },
  async refresh(name) {
    const { value, arn } = SOURCES[name]();
    if (value !== undefined || arn === undefined) return false;
    const last = forcedAt.get(arn);
    if (last !== undefined && Date.now() - last < SECRET_REFRESH_MIN_SECONDS * 1000) return false;
    forcedAt.set(arn, Date.now());
    const before = lastValue.get(arn);
    return (await fromSecretsManager(arn, true)) !== before;
  },
};

/** For the local runtime and tests that change the environment between runs. */
export function resetSecrets(): void {
  pending.clear();
  lastValue.clear();
  forcedAt.clear();
  provider?.clearCache();
  provider = undefined;
}
