import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import {
  CreateSecretCommand,
  DescribeSecretCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { MANAGED_KEYS, type ManagedKey } from '../../shared/api/admin-api-keys';
import type { ManagedSecretStore } from '../core/admin-api-keys/ports';
import { UpstreamError } from '../lib/errors';

/** The deployment's own variable (or secret ARN) for each key: set there, it counts as configured. */
const DEPLOYED: Record<ManagedKey, readonly string[]> = {
  xamanApiKey: ['XAMAN_API_KEY'],
  xamanApiSecret: ['XAMAN_API_SECRET', 'XAMAN_API_SECRET_ARN'],
  carrierApiKey: ['CARRIER_API_KEY'],
  carrierApiSecret: ['CARRIER_API_SECRET', 'CARRIER_API_SECRET_ARN'],
  carrierTrackApiKey: ['CARRIER_TRACK_API_KEY'],
  carrierTrackApiSecret: ['CARRIER_TRACK_API_SECRET', 'CARRIER_TRACK_API_SECRET_ARN'],
  carrierWebhookSecret: ['CARRIER_WEBHOOK_SECRET', 'CARRIER_WEBHOOK_SECRET_ARN'],
  // The lookup's free trial needs no key; a deployment may give one (functions/adapters/lookup/product-lookup.ts).
  upcServiceKey: ['UPCITEMDB_USER_KEY'],
};

/** Where a deployment sets the key, for a message saying what is missing (never a value). */
export const deploymentVariables = (name: ManagedKey): readonly string[] => DEPLOYED[name];

const deployed = (name: ManagedKey) => DEPLOYED[name].some((v) => Boolean(process.env[v]));
const allKeys = (set: (name: ManagedKey) => boolean) =>
  Object.fromEntries(MANAGED_KEYS.map((k) => [k, set(k)])) as Record<ManagedKey, boolean>;

/** The local file's writes, one after another. */
let writes: Promise<void> = Promise.resolve();

/** The local file's saved values (none before the first save). */
async function readFile(file: string): Promise<Partial<Record<ManagedKey, string>>> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as Partial<Record<ManagedKey, string>>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

/** Locally: one JSON file under the data directory, owner-only (never committed: .data is ignored). */
function fileStore(file: string): ManagedSecretStore {
  const read = () => readFile(file);
  return {
    async configured() {
      const saved = await read();
      return allKeys((k) => Boolean(saved[k]) || deployed(k));
    },
    save(name, value) {
      // One write at a time (the local stack is one process): concurrent saves of two keys must not lose either.
      const write = writes.then(async () => {
        const saved = await read();
        await fs.mkdir(path.dirname(file), { recursive: true });
        // Written aside and renamed, so a crash mid-write never leaves half a file.
        const temp = `${file}.${randomUUID()}.tmp`;
        await fs.writeFile(temp, JSON.stringify({ ...saved, [name]: value }), { mode: 0o600 });
        await fs.rename(temp, file);
      });
      writes = write.catch(() => undefined);
      return write;
    },
  };
}

let client: SecretsManagerClient | undefined;
const secretsManager = () => (client ??= new SecretsManagerClient({}));

/**
 * In AWS: one Secrets Manager secret per key, named `<prefix><key>`, created on its first save. Each function's role
 * reaches only names under its stage's prefix (infra/stacks/managed-secrets.ts), so nothing here lists secrets.
 */
function secretsManagerStore(prefix: string): ManagedSecretStore {
  const exists = async (name: ManagedKey) => {
    try {
      const out = await secretsManager().send(new DescribeSecretCommand({ SecretId: prefix + name }));
      return out.DeletedDate === undefined;
    } catch (error) {
      if (error instanceof ResourceNotFoundException) return false;
      throw error;
    }
  };
  return {
    async configured() {
      const saved = await Promise.all(MANAGED_KEYS.map(exists));
      return allKeys((k) => saved[MANAGED_KEYS.indexOf(k)] === true || deployed(k));
    },
    async save(name, value) {
      try {
        await secretsManager().send(new PutSecretValueCommand({ SecretId: prefix + name, SecretString: value }));
      } catch (error) {
        if (!(error instanceof ResourceNotFoundException)) throw error;
        await secretsManager().send(new CreateSecretCommand({ Name: prefix + name, SecretString: value }));
      }
    },
  };
}

/** Neither is set: what the deployment supplies is reported, and a save says why it cannot be kept. */
const unconfigured: ManagedSecretStore = {
  configured: () => Promise.resolve(allKeys(deployed)),
  save: () =>
    Promise.reject(
      new UpstreamError(
        'unavailable',
        'secrets_unconfigured',
        'Saving API keys is not configured for this deployment (ADMIN_SECRETS_PREFIX).',
      ),
    ),
};

/** ADMIN_SECRETS_PREFIX selects Secrets Manager (AWS); locally ADMIN_SECRETS_FILE (the local stack's data dir). */
export function managedSecrets(): ManagedSecretStore {
  const prefix = process.env.ADMIN_SECRETS_PREFIX;
  if (prefix) return secretsManagerStore(prefix);
  const file = process.env.ADMIN_SECRETS_FILE;
  return file ? fileStore(path.resolve(file)) : unconfigured;
}

/** Reads one saved value, uncached (functions/adapters/secrets.ts caches it); undefined when none was saved. */
export type SavedSecretReader = (name: ManagedKey) => Promise<string | undefined>;

/** The read side of the same store, for the functions that use the keys (decision 071); undefined when there is none. */
export function savedSecretReader(): SavedSecretReader | undefined {
  const prefix = process.env.ADMIN_SECRETS_PREFIX;
  if (prefix) {
    return async (name) => {
      try {
        const out = await secretsManager().send(new GetSecretValueCommand({ SecretId: prefix + name }));
        return out.SecretString?.trim() || undefined;
      } catch (error) {
        if (error instanceof ResourceNotFoundException) return undefined;
        throw error;
      }
    };
  }
  const file = process.env.ADMIN_SECRETS_FILE;
  return file ? async (name) => (await readFile(path.resolve(file)))[name]?.trim() || undefined : undefined;
}
