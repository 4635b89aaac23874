import { ResourceNotFoundException, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import { MANAGED_KEYS, SECRET_TTL_SECONDS, type ManagedKey } from '../../shared/api/admin-api-keys';
import type { SecretName, SecretSource } from '../core/secrets/ports';
import { carrierConfig, platformConfig, sessionConfig, signerConfig } from '../lib/config';
import { deploymentVariables, savedSecretReader } from './managed-secrets';

/**
 * How long a warm container keeps a secret before reading it again: a rotated secret (the session signing key, the
 * Xaman API secret) or a key saved in the admin portal takes effect everywhere within this time, without a redeploy
 * (decisions 008 and 071).
 */
export { SECRET_TTL_SECONDS };
/** A secret is read past its cache at most this often (a refused token asking whether the key was rotated). */
export const SECRET_REFRESH_MIN_SECONDS = 30;

/** Where the deployment supplies each secret: a plain variable (local runtime, tests) or a Secrets Manager ARN (AWS). */
const SOURCES: Record<SecretName, () => { value?: string | undefined; arn?: string | undefined }> = {
  // The application key: an id rather than a secret, read the same way so a saved one takes effect alike.
  xamanApiKey: () => ({ value: signerConfig().XAMAN_API_KEY }),
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
  carrierApiKey: () => ({ value: carrierConfig().CARRIER_API_KEY }),
  carrierApiSecret: () => {
    const c = carrierConfig();
    return { value: c.CARRIER_API_SECRET, arn: c.CARRIER_API_SECRET_ARN };
  },
  // FedEx's separate Track key pair; without a Track key, Track uses the main pair.
  carrierTrackApiKey: () => ({ value: carrierConfig().CARRIER_TRACK_API_KEY }),
  carrierTrackApiSecret: () => {
    const c = carrierConfig();
    return { value: c.CARRIER_TRACK_API_SECRET, arn: c.CARRIER_TRACK_API_SECRET_ARN };
  },
  // The security token FedEx signs webhooks with (fdx-signature).
  carrierWebhookSecret: () => {
    const c = carrierConfig();
    return { value: c.CARRIER_WEBHOOK_SECRET, arn: c.CARRIER_WEBHOOK_SECRET_ARN };
  },
  // UPCitemdb's paid plan; without one the lookup uses its free trial.
  upcServiceKey: () => ({ value: process.env.UPCITEMDB_USER_KEY || undefined }),
  platformWalletSeed: () => {
    const c = platformConfig();
    return { value: c.PLATFORM_WALLET_SEED, arn: c.PLATFORM_WALLET_SEED_ARN };
  },
};

const isManaged = (name: SecretName): name is ManagedKey => (MANAGED_KEYS as readonly string[]).includes(name);

let provider: SecretsProvider | undefined;
/** Reads under way, so concurrent requests of a cold container share one call. */
const pending = new Map<string, Promise<string>>();
/** The last value each name resolved to, and when each was last read past the cache. */
const lastValue = new Map<SecretName, string>();
const forcedAt = new Map<SecretName, number>();

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
    return trimmed;
  } catch (error) {
    // The deployment creates the secret empty; an operator puts the value (see README).
    if ((error as Error).cause instanceof ResourceNotFoundException) throw new Error(`secret ${arn} has no value yet`);
    throw error;
  }
}

/** The deployment's own value: a plain one (local) as is, an ARN's at most once per TTL. */
function fromDeployment(name: SecretName, forceFetch: boolean): Promise<string | undefined> {
  const { value, arn } = SOURCES[name]();
  if (value !== undefined) return Promise.resolve(value);
  if (arn === undefined) return Promise.resolve(undefined);
  if (forceFetch) return fromSecretsManager(arn, true);
  let read = pending.get(arn);
  if (!read) {
    read = fromSecretsManager(arn).finally(() => pending.delete(arn));
    pending.set(arn, read);
  }
  return read;
}

/**
 * Values saved in the admin portal (decision 071), each kept SECRET_TTL_SECONDS, a key saved by nobody too (so the
 * deployment's value costs no read of the store per call). `generation` is bumped by forgetSavedSecret: a read that
 * began before a save never caches what it found.
 */
const saved = new Map<ManagedKey, { value: string | undefined; until: number }>();
const savedPending = new Map<ManagedKey, Promise<string | undefined>>();
const generation = new Map<ManagedKey, number>();

function savedValue(name: ManagedKey): Promise<string | undefined> {
  const reader = savedSecretReader();
  if (!reader) return Promise.resolve(undefined);
  const hit = saved.get(name);
  if (hit && Date.now() < hit.until) return Promise.resolve(hit.value);
  let read = savedPending.get(name);
  if (!read) {
    const started = generation.get(name) ?? 0;
    read = reader(name)
      .then((value) => {
        if ((generation.get(name) ?? 0) === started) {
          saved.set(name, { value, until: Date.now() + SECRET_TTL_SECONDS * 1000 });
        }
        return value;
      })
      .finally(() => {
        if (savedPending.get(name) === read) savedPending.delete(name);
      });
    savedPending.set(name, read);
  }
  return read;
}

/** An administrator's saved value first, else the deployment's. */
async function resolve(name: SecretName, forceFetch = false): Promise<string | undefined> {
  const value = (isManaged(name) ? await savedValue(name) : undefined) ?? (await fromDeployment(name, forceFetch));
  if (value !== undefined) lastValue.set(name, value);
  return value;
}

/** In AWS each secret is read from Secrets Manager at most once per TTL; locally the plain values and the data dir's file. */
export const secrets: SecretSource = {
  find: (name) => resolve(name),
  async read(name) {
    const value = await resolve(name);
    if (value === undefined) {
      const where = isManaged(name) ? deploymentVariables(name).join(' or ') : '';
      throw new Error(`no value for ${name}${where && `: save one in the admin portal or set ${where}`}`);
    }
    return value;
  },
  async refresh(name) {
    if (!isManaged(name)) {
      // A plain value (local) never changes under a running function; no ARN, nothing to read again.
      const { value, arn } = SOURCES[name]();
      if (value !== undefined || arn === undefined) return false;
    }
    const last = forcedAt.get(name);
    if (last !== undefined && Date.now() - last < SECRET_REFRESH_MIN_SECONDS * 1000) return false;
    forcedAt.set(name, Date.now());
    const before = lastValue.get(name);
    if (isManaged(name)) forgetSavedSecret(name);
    const after = await resolve(name, true);
    return before !== undefined && after !== before;
  },
};

/**
 * A key was just saved (functions/wiring/admin-api-keys.ts): this container reads it again on its next use, so the
 * function that saved it, and locally every function (one process), uses the new value at once.
 */
export function forgetSavedSecret(name: ManagedKey): void {
  generation.set(name, (generation.get(name) ?? 0) + 1);
  saved.delete(name);
  savedPending.delete(name);
}

/** For the local runtime and tests that change the environment between runs. */
export function resetSecrets(): void {
  pending.clear();
  lastValue.clear();
  forcedAt.clear();
  saved.clear();
  savedPending.clear();
  generation.clear();
  provider?.clearCache();
  provider = undefined;
}
