import * as z from 'zod/mini';
import '../../shared/zod-locale';
import { parseAdminWallets } from '../../shared/domain/admin-wallets';

/**
 * Every setting the functions read, validated once. Endpoints of AWS services come from the SDK's own
 * AWS_ENDPOINT_URL_<SERVICE> variables, so nothing here knows whether it runs locally or in AWS.
 */
const nonEmpty = () => z.string().check(z.minLength(1));
/** A Secrets Manager ARN. */
const arn = () => z.optional(z.string().check(z.startsWith('arn:')));

const schema = z.object({
  AWS_REGION: z._default(nonEmpty(), 'us-east-1'),
  TABLE_NAME: nonEmpty(),
  MEDIA_BUCKET: nonEmpty(),
  /** Public URL prefix under which media objects are served (CloudFront /media or the local gateway). */
  MEDIA_BASE_URL: nonEmpty(),
  S3_FORCE_PATH_STYLE: z._default(z.enum(['true', 'false']), 'false'),
  QUEUE_EVENTS_URL: nonEmpty(),
  /** The WebSocket API's @connections endpoint. */
  WS_CALLBACK_URL: nonEmpty(),
  LOG_LEVEL: z._default(z.enum(['debug', 'info', 'warn', 'error']), 'info'),
  /** Followers told of a new listing per run of the events consumer, below its ceiling (decision 058). */
  FOLLOWER_NOTICES_PER_RUN: z.optional(z.string().check(z.regex(/^[1-9]\d{0,3}$/, 'a whole number from 1'))),
});
export type Config = z.infer<typeof schema>;

/** RLUSD's currency code as the ledger writes it ('RLUSD' in ASCII, padded to 160 bits). */
export const RLUSD_CURRENCY_HEX = '524C555344000000000000000000000000000000';
/** The Xaman platform API (xumm-sdk's own default endpoint). */
export const XAMAN_DEFAULT_API_URL = 'https://xumm.app';

const CLASSIC_ADDRESS = /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Where the XRP Ledger is and which token is RLUSD on it. */
const ledgerSchema = z.object({
  XRPL_URL: z.string().check(z.regex(/^wss?:\/\/\S+$/, 'a ws:// or wss:// URL')),
  /** Which network XRPL_URL is (explorer links, what a deployment may point at). */
  XRPL_NETWORK: z.enum(['local', 'testnet', 'mainnet']),
  RLUSD_ISSUER: z.string().check(z.regex(CLASSIC_ADDRESS, 'a classic address (r...)')),
  RLUSD_CURRENCY: z._default(
    z.string().check(z.regex(/^[0-9A-F]{40}$/, '40 uppercase hex digits')),
    RLUSD_CURRENCY_HEX,
  ),
});
export type LedgerConfig = z.infer<typeof ledgerSchema>;

/**
 * The Xaman platform API. The secret itself is never a plain setting in AWS: XAMAN_API_SECRET_ARN names the Secrets
 * Manager secret; XAMAN_API_SECRET (the value) is for the local runtime and tests.
 */
const httpUrl = (fallback: string) =>
  z._default(z.string().check(z.regex(/^https?:\/\/\S+$/, 'an http(s) URL')), fallback);

const signerSchema = z
  .object({
    XAMAN_API_URL: httpUrl(XAMAN_DEFAULT_API_URL),
    // Optional: an administrator may save it instead (decision 071); the signer asks the secrets port for either.
    XAMAN_API_KEY: z.optional(z.string().check(z.regex(UUID, 'the application key (a lowercase UUID)'))),
    XAMAN_API_SECRET: z.optional(nonEmpty()),
    XAMAN_API_SECRET_ARN: arn(),
  })
  .check(
    z.refine((c) => c.XAMAN_API_SECRET !== undefined || c.XAMAN_API_SECRET_ARN !== undefined, {
      message: 'set XAMAN_API_SECRET_ARN (or XAMAN_API_SECRET locally)',
      path: ['XAMAN_API_SECRET_ARN'],
    }),
  );
export type SignerConfig = z.infer<typeof signerSchema>;

/**
 * The key that signs session tokens and registration tickets: SESSION_SIGNING_KEY_ARN names a Secrets Manager secret in
 * AWS; SESSION_SIGNING_KEY (the value) is for the local runtime and tests.
 */
const sessionSchema = z
  .object({
    SESSION_SIGNING_KEY: z.optional(z.string().check(z.minLength(32, 'at least 32 characters'))),
    SESSION_SIGNING_KEY_ARN: arn(),
  })
  .check(
    z.refine((c) => c.SESSION_SIGNING_KEY !== undefined || c.SESSION_SIGNING_KEY_ARN !== undefined, {
      message: 'set SESSION_SIGNING_KEY_ARN (or SESSION_SIGNING_KEY locally)',
      path: ['SESSION_SIGNING_KEY_ARN'],
    }),
  );
export type SessionConfig = z.infer<typeof sessionSchema>;

/** FedEx's production API; the sandbox is https://apis-sandbox.fedex.com (README: "FedEx sandbox"). */
export const CARRIER_DEFAULT_API_URL = 'https://apis.fedex.com';

/**
 * The carrier (FedEx REST). Secrets follow the Xaman pattern: *_ARN names a Secrets Manager secret in AWS, the plain
 * variable is for the local runtime and tests. FedEx issues Track its own key pair (a separate project type); without
 * CARRIER_TRACK_API_KEY, Track uses the main pair. CARRIER_WEBHOOK_SECRET is the security token FedEx signs webhooks
 * with (26 to 100 characters, FedEx's rule); only the webhook route needs it, so it is optional here.
 */
const carrierSchema = z
  .object({
    CARRIER_API_URL: httpUrl(CARRIER_DEFAULT_API_URL),
    CARRIER_ACCOUNT_NUMBER: z.string().check(z.regex(/^\d{9}$/, 'the 9-digit FedEx account number')),
    // Optional like the Xaman key: an administrator may save it instead (decision 071).
    CARRIER_API_KEY: z.optional(nonEmpty()),
    CARRIER_API_SECRET: z.optional(nonEmpty()),
    CARRIER_API_SECRET_ARN: arn(),
    CARRIER_TRACK_API_KEY: z.optional(nonEmpty()),
    CARRIER_TRACK_API_SECRET: z.optional(nonEmpty()),
    CARRIER_TRACK_API_SECRET_ARN: arn(),
    CARRIER_WEBHOOK_SECRET: z.optional(z.string().check(z.minLength(26), z.maxLength(100))),
    CARRIER_WEBHOOK_SECRET_ARN: arn(),
  })
  .check(
    z.refine((c) => c.CARRIER_API_SECRET !== undefined || c.CARRIER_API_SECRET_ARN !== undefined, {
      message: 'set CARRIER_API_SECRET_ARN (or CARRIER_API_SECRET locally)',
      path: ['CARRIER_API_SECRET_ARN'],
    }),
    z.refine(
      (c) =>
        c.CARRIER_TRACK_API_KEY === undefined ||
        c.CARRIER_TRACK_API_SECRET !== undefined ||
        c.CARRIER_TRACK_API_SECRET_ARN !== undefined,
      {
        message: 'CARRIER_TRACK_API_KEY needs CARRIER_TRACK_API_SECRET_ARN (or CARRIER_TRACK_API_SECRET locally)',
        path: ['CARRIER_TRACK_API_SECRET_ARN'],
      },
    ),
  );
export type CarrierConfig = z.infer<typeof carrierSchema>;

/**
 * Where escrow fulfillments are sealed (functions/adapters/fulfillment-vault.ts): a KMS key in AWS
 * (FULFILLMENT_KEY_ARN); locally a 32-byte key, base64 (FULFILLMENT_KEY), kept under the data dir.
 */
const escrowSchema = z
  .object({
    FULFILLMENT_KEY: z.optional(z.string().check(z.regex(/^[A-Za-z0-9+/]{43}=$/, '32 bytes in base64'))),
    FULFILLMENT_KEY_ARN: arn(),
  })
  .check(
    z.refine((c) => c.FULFILLMENT_KEY !== undefined || c.FULFILLMENT_KEY_ARN !== undefined, {
      message: 'set FULFILLMENT_KEY_ARN (or FULFILLMENT_KEY locally)',
      path: ['FULFILLMENT_KEY_ARN'],
    }),
  );
export type EscrowConfig = z.infer<typeof escrowSchema>;

/**
 * The marketplace's own XRPL account: it submits EscrowFinish and EscrowCancel and receives platform fees.
 * PLATFORM_WALLET_SEED_ARN names the Secrets Manager secret holding its seed (PLATFORM_WALLET_SEED locally);
 * PLATFORM_FEE_PERCENT is the sellers' fee per order (default 2.5, at most two decimals).
 */
const platformSchema = z.object({
  PLATFORM_WALLET_ADDRESS: z.string().check(z.regex(CLASSIC_ADDRESS, 'a classic address (r...)')),
  // Only functions that sign as the platform (escrow settlement) have a seed or its ARN; the fee route needs the address.
  PLATFORM_WALLET_SEED: z.optional(z.string().check(z.minLength(16))),
  PLATFORM_WALLET_SEED_ARN: arn(),
  PLATFORM_FEE_PERCENT: z._default(
    z
      .string()
      .check(z.regex(/^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/, 'a percent from 0 to 100, at most two decimals')),
    '2.5',
  ),
});
export type PlatformConfig = z.infer<typeof platformSchema>;

const wholeHours = (min: number, max: number, fallback: string) =>
  z._default(
    z.string().check(
      z.regex(/^\d{1,4}$/, 'whole hours'),
      z.refine((v) => Number(v) >= min && Number(v) <= max, `from ${min} to ${max} hours`),
    ),
    fallback,
  );

/**
 * Buyer protection (decision 052): the inspection period after delivery before a release (0 releases on delivery),
 * and the margin before CancelAfter by which every release and hold ends.
 */
const protectionSchema = z.object({
  INSPECTION_HOURS: wholeHours(0, 336, '48'),
  RELEASE_MARGIN_HOURS: wholeHours(1, 72, '12'),
});
export type ProtectionConfig = z.infer<typeof protectionSchema>;

/** Empty variables count as unset (CDK and shells pass '' for "no value"). */
function environment(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => !!e[1]));
}

function parse<S extends z.ZodMiniType>(s: S, what: string): z.infer<S> {
  const parsed = s.safeParse(environment());
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')} (${i.message})`).join(', ');
    throw new Error(`Invalid ${what} configuration: ${problems}`);
  }
  return parsed.data;
}

let cached: Config | undefined;
let cachedLedger: LedgerConfig | undefined;
let cachedSigner: SignerConfig | undefined;
let cachedSession: SessionConfig | undefined;
let cachedCarrier: CarrierConfig | undefined;
let cachedEscrow: EscrowConfig | undefined;
let cachedPlatform: PlatformConfig | undefined;
let cachedProtection: ProtectionConfig | undefined;

/** Reads and validates the environment on first use (not at import, so tests and the local runtime can set it first). */
export function config(): Config {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const missing = parsed.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new Error(`Invalid configuration: ${missing}`);
  }
  cached = parsed.data;
  return cached;
}

/**
 * The ledger and signer settings are validated on first use by the code that talks to them, not with the rest: a
 * function that never touches the ledger keeps working when they are wrong, and the health check names the problem.
 */
export function ledgerConfig(): LedgerConfig {
  cachedLedger ??= parse(ledgerSchema, 'ledger');
  return cachedLedger;
}

export function signerConfig(): SignerConfig {
  cachedSigner ??= parse(signerSchema, 'signer');
  return cachedSigner;
}

export function sessionConfig(): SessionConfig {
  cachedSession ??= parse(sessionSchema, 'session');
  return cachedSession;
}

/** Validated on first use like the ledger's: a function that never ships keeps working when these are wrong. */
export function carrierConfig(): CarrierConfig {
  cachedCarrier ??= parse(carrierSchema, 'carrier');
  return cachedCarrier;
}

export function escrowConfig(): EscrowConfig {
  cachedEscrow ??= parse(escrowSchema, 'escrow');
  return cachedEscrow;
}

export function platformConfig(): PlatformConfig {
  cachedPlatform ??= parse(platformSchema, 'platform');
  return cachedPlatform;
}

export function protectionConfig(): ProtectionConfig {
  cachedProtection ??= parse(protectionSchema, 'protection');
  return cachedProtection;
}

let cachedAdminWallets: string[] | undefined;

/**
 * The configured administrators' wallets (decision 062): ADMIN_WALLET_ADDRESSES, comma-separated classic addresses
 * (none when unset). Read at sign-in, so a wrong value stops sign-ins with the problem named rather than admitting none.
 */
export function adminWallets(): string[] {
  if (cachedAdminWallets) return cachedAdminWallets;
  try {
    cachedAdminWallets = parseAdminWallets(process.env.ADMIN_WALLET_ADDRESSES);
  } catch (error) {
    throw new Error(`Invalid admin configuration: ADMIN_WALLET_ADDRESSES (${(error as Error).message})`);
  }
  return cachedAdminWallets;
}

/** Only for the local runtime and tests that change the environment after a first read. */
export function resetConfigForTests(): void {
  cached =
    cachedLedger =
    cachedSigner =
    cachedSession =
    cachedCarrier =
    cachedEscrow =
    cachedPlatform =
    cachedProtection =
    cachedAdminWallets =
      undefined;
}
