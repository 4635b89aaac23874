import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { QueueDef } from '../../functions/routes';

/** Obviously-local values: nothing here is a real account, key or endpoint. */
export const LOCAL_REGION = 'us-east-1';
export const LOCAL_CREDENTIALS = {
  accessKeyId: 'LOCALDEVACCESSKEY',
  secretAccessKey: 'local-dev-secret-not-a-real-key',
};
export const LOCAL_TABLE_NAME = 'marketplace';
export const LOCAL_MEDIA_BUCKET = 'marketplace-media';
/** The local Xaman stand-in's application key and secret (UUIDs, as xumm-sdk requires; valid nowhere else). */
export const LOCAL_XAMAN_API_KEY = '00000000-10ca-4000-8000-000000000001';
export const LOCAL_XAMAN_API_SECRET = '00000000-10ca-4000-8000-000000000002';
/**
 * The local carrier stand-in's FedEx account, key pairs (the main one and Track's own, as FedEx issues them) and the
 * webhook security token (FedEx's rule: 26 to 100 characters with upper and lower case and a digit). Valid nowhere else.
 */
export const LOCAL_CARRIER_ACCOUNT_NUMBER = '999000001';
export const LOCAL_CARRIER_API_KEY = 'local-carrier-api-key';
export const LOCAL_CARRIER_API_SECRET = 'local-carrier-api-secret';
export const LOCAL_CARRIER_TRACK_API_KEY = 'local-carrier-track-api-key';
export const LOCAL_CARRIER_TRACK_API_SECRET = 'local-carrier-track-api-secret';
export const LOCAL_CARRIER_WEBHOOK_SECRET = 'LocalCarrierWebhookToken0001';

export interface LocalEndpoints {
  url: string;
  dynamodb: string;
  s3: string;
  sqs: string;
  queueUrls: Map<string, string>;
  log: boolean;
  /** The XRPL node stand-in: its WebSocket URL, the RLUSD issuer of its genesis and the platform's account. */
  ledger?: { url: string; rlusdIssuer: string; platform?: { address: string; seed: string } };
  /** The Xaman stand-in's base URL and the key and secret it was started with. */
  xaman?: { url: string; apiKey: string; apiSecret: string };
  /** The product lookup stand-in (UPCitemdb's API shape). */
  productLookupUrl?: string;
  /** The carrier stand-in (FedEx's REST shapes) and the credentials it was started with. */
  carrier?: {
    url: string;
    accountNumber: string;
    apiKey: string;
    apiSecret: string;
    trackApiKey: string;
    trackApiSecret: string;
    webhookSecret: string;
  };
  /** Signs session tokens and registration tickets (in AWS a Secrets Manager secret). */
  sessionSigningKey: string;
  /** Seals escrow fulfillments (in AWS a KMS key). */
  fulfillmentKey: string;
  /** The configured administrators' wallets (ADMIN_WALLET_ADDRESSES, decision 062). */
  adminWallets?: readonly string[];
  /** The admin portal's saved API keys (decision 064; in AWS Secrets Manager). */
  adminSecretsFile?: string;
}

/**
 * The environment the handlers read, exactly the variables they get in AWS plus the SDK's own
 * AWS_ENDPOINT_URL_<SERVICE> overrides that point the real AWS SDK clients at the local emulators.
 */
export function buildEnv(e: LocalEndpoints, queueDefs: readonly QueueDef[]): Record<string, string> {
  const env: Record<string, string> = {
    AWS_REGION: LOCAL_REGION,
    AWS_DEFAULT_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: e.dynamodb,
    AWS_ENDPOINT_URL_S3: e.s3,
    AWS_ENDPOINT_URL_SQS: e.sqs,
    // Node 20 is what this machine has; the SDK's "upgrade to 22" notice is noise locally (Lambda runs 22).
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    TABLE_NAME: LOCAL_TABLE_NAME,
    MEDIA_BUCKET: LOCAL_MEDIA_BUCKET,
    MEDIA_BASE_URL: `${e.url}/media`,
    S3_FORCE_PATH_STYLE: 'true',
    WS_CALLBACK_URL: `${e.url}/_ws`,
    LOG_LEVEL: e.log ? 'info' : 'warn',
    // The business metrics' EMF lines go to the terminal of `npm start`; tests don't print them.
    POWERTOOLS_METRICS_DISABLED: e.log ? 'false' : 'true',
    SESSION_SIGNING_KEY: e.sessionSigningKey,
    FULFILLMENT_KEY: e.fulfillmentKey,
    // Platform settings reach the functions within a second locally, so no test waits out the minute (decision 063).
    SETTINGS_CACHE_SECONDS: '1',
  };
  if (e.adminSecretsFile) env.ADMIN_SECRETS_FILE = e.adminSecretsFile;
  if (e.ledger) {
    Object.assign(env, { XRPL_URL: e.ledger.url, XRPL_NETWORK: 'local', RLUSD_ISSUER: e.ledger.rlusdIssuer });
    if (e.ledger.platform) {
      // Locally the seed is a plain variable; in AWS functions get PLATFORM_WALLET_SEED_ARN instead.
      Object.assign(env, {
        PLATFORM_WALLET_ADDRESS: e.ledger.platform.address,
        PLATFORM_WALLET_SEED: e.ledger.platform.seed,
      });
    }
  }
  if (e.xaman) {
    // Locally the secret is a plain variable; in AWS functions get XAMAN_API_SECRET_ARN instead.
    Object.assign(env, {
      XAMAN_API_URL: e.xaman.url,
      XAMAN_API_KEY: e.xaman.apiKey,
      XAMAN_API_SECRET: e.xaman.apiSecret,
    });
  }
  if (e.productLookupUrl) {
    // The stand-in answers in both services' shapes, so the admin's choice and fallback are real locally (decision 069).
    Object.assign(env, {
      PRODUCT_LOOKUP_URL: e.productLookupUrl,
      BARCODE_LOOKUP_URL: e.productLookupUrl,
      BARCODE_LOOKUP_API_KEY: 'local-stand-in',
    });
  }
  if (e.adminWallets?.length) env.ADMIN_WALLET_ADDRESSES = e.adminWallets.join(',');
  if (e.carrier) {
    // Locally the secrets are plain variables; in AWS functions get the *_ARN variables instead.
    Object.assign(env, {
      CARRIER_API_URL: e.carrier.url,
      CARRIER_ACCOUNT_NUMBER: e.carrier.accountNumber,
      CARRIER_API_KEY: e.carrier.apiKey,
      CARRIER_API_SECRET: e.carrier.apiSecret,
      CARRIER_TRACK_API_KEY: e.carrier.trackApiKey,
      CARRIER_TRACK_API_SECRET: e.carrier.trackApiSecret,
      CARRIER_WEBHOOK_SECRET: e.carrier.webhookSecret,
    });
  }
  for (const q of queueDefs) {
    const url = e.queueUrls.get(q.name);
    if (!url) throw new Error(`queue ${q.name} was not created`);
    env[q.urlEnv] = url;
  }
  return env;
}

/**
 * The local session signing key: random, made on the first start of a data dir and kept in it (mode 600), so sessions
 * survive restarts and `--reset` signs everyone out.
 */
export function localSessionSigningKey(dataDir: string): string {
  const file = path.join(dataDir, 'session-signing-key');
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
}

/**
 * The local key that seals escrow fulfillments (32 random bytes, base64): made on the first start of a data dir and
 * kept in it (mode 600). Losing it would leave funded escrows to run to CancelAfter, so `--reset` is the only way out.
 */
export function localFulfillmentKey(dataDir: string): string {
  const file = path.join(dataDir, 'fulfillment-key');
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
}

/** Sets the variables on process.env (the handlers run in this process) and returns a function that restores them. */
export function applyEnv(env: Record<string, string>): () => void {
  const previous = new Map<string, string | undefined>();
  for (const [k, v] of Object.entries(env)) {
    previous.set(k, process.env[k]);
    process.env[k] = v;
  }
  return () => {
    for (const [k, v] of previous) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}
