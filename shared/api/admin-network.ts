import * as z from 'zod/mini';
import { defineContract } from './contract';
import '../zod-locale';

/**
 * The admin portal's XRPL Network tab (decisions 064 and 072): the endpoints every function's ledger connection uses,
 * its timeout and retries, and the escrow defaults. The network itself is the deployment's (its wallet, RLUSD issuer
 * and keys belong to one network), shown read-only.
 */

export const CONNECTION_TIMEOUT_RANGE = { min: 5, max: 120 } as const;
export const MAX_RETRIES_RANGE = { min: 1, max: 10 } as const;
/** The spec's CancelAfter range; below the floor shipping and inspection cannot end inside the window. */
export const ESCROW_WINDOW_RANGE = { min: 1, max: 8760, floor: 72 } as const;
export const RPC_URLS_MAX = 5;

export const NETWORK_TEXTS = {
  timeout: `Connection timeout must be a whole number from ${CONNECTION_TIMEOUT_RANGE.min} to ${CONNECTION_TIMEOUT_RANGE.max} seconds.`,
  retries: `Max retries must be a whole number from ${MAX_RETRIES_RANGE.min} to ${MAX_RETRIES_RANGE.max}.`,
  window: `Cancel after must be a whole number from ${ESCROW_WINDOW_RANGE.min} to ${ESCROW_WINDOW_RANGE.max} hours.`,
  windowFloor:
    `Cancel after must be at least ${ESCROW_WINDOW_RANGE.floor} hours: shipping, delivery and the inspection ` +
    'period cannot finish inside a shorter escrow.',
  url: 'Each endpoint must be a ws:// or wss:// URL.',
  urls: `Give from 1 to ${RPC_URLS_MAX} endpoints.`,
  retriesForBackups:
    'With backup nodes on, max retries must be at least the number of backup endpoints: each retry goes to the next ' +
    'endpoint, so fewer would leave some never tried.',
} as const;

const wholeIn = (min: number, max: number, message: string) =>
  z.number(message).check(z.int(message), z.gte(min, message), z.lte(max, message));

const endpoint = z
  .string(NETWORK_TEXTS.url)
  .check(z.trim(), z.maxLength(300, NETWORK_TEXTS.url), z.regex(/^wss?:\/\/[^\s/]+(\/\S*)?$/, NETWORK_TEXTS.url));

/** The body of a save: every setting, checked like the tab checks it (the same words). */
export const networkSettingsSchema = z.strictObject({
  rpcUrls: z
    .array(endpoint, NETWORK_TEXTS.urls)
    .check(z.minLength(1, NETWORK_TEXTS.urls), z.maxLength(RPC_URLS_MAX, NETWORK_TEXTS.urls)),
  enableBackupNodes: z.boolean('Choose on or off.'),
  connectionTimeoutSeconds: wholeIn(CONNECTION_TIMEOUT_RANGE.min, CONNECTION_TIMEOUT_RANGE.max, NETWORK_TEXTS.timeout),
  maxRetries: wholeIn(MAX_RETRIES_RANGE.min, MAX_RETRIES_RANGE.max, NETWORK_TEXTS.retries),
  // The 72-hour floor and the retries a backup list needs are business rules (core, networkSettingsProblems), so their
  // own messages reach the tab as field errors and the schema stays plain JSON Schema for the contract fuzz.
  escrowWindowHours: wholeIn(ESCROW_WINDOW_RANGE.min, ESCROW_WINDOW_RANGE.max, NETWORK_TEXTS.window),
});
export type NetworkSettings = z.infer<typeof networkSettingsSchema>;

/** The spec's defaults (30 s, 3 retries, backup nodes on, CancelAfter 168 h), in force until a save. */
export const NETWORK_DEFAULTS = {
  enableBackupNodes: true,
  connectionTimeoutSeconds: 30,
  maxRetries: 3,
  escrowWindowHours: 168,
} as const satisfies Omit<NetworkSettings, 'rpcUrls'>;

/** The settings before any save: the deployment's own endpoint (XRPL_URL) alone, and the spec's defaults. */
export const defaultNetworkSettings = (deploymentUrl: string): NetworkSettings => ({
  rpcUrls: [deploymentUrl],
  ...NETWORK_DEFAULTS,
});

/** The rules beside the schema (decision 072), each message on its field; empty when the settings may be saved. */
export function networkSettingsProblems(s: NetworkSettings): Partial<Record<keyof NetworkSettings, string>> {
  return {
    ...(s.escrowWindowHours < ESCROW_WINDOW_RANGE.floor && { escrowWindowHours: NETWORK_TEXTS.windowFloor }),
    ...(s.enableBackupNodes && s.maxRetries < s.rpcUrls.length - 1 && { maxRetries: NETWORK_TEXTS.retriesForBackups }),
  };
}

export const networkSettingsViewSchema = z.object({
  settings: z.object({
    rpcUrls: z.array(z.string()),
    enableBackupNodes: z.boolean(),
    connectionTimeoutSeconds: z.number(),
    maxRetries: z.number(),
    escrowWindowHours: z.number(),
  }),
  /**
   * The deployment's network (XRPL_NETWORK: local, testnet or mainnet), which the endpoints must serve, and its own
   * endpoint (XRPL_URL): the one in use until a save, and one Test Connection may always try.
   */
  inUse: z.object({ network: z.string(), url: z.string() }),
  /** Decision 052's protection settings in force (deployment configuration, shown for the escrow defaults). */
  protection: z.object({ inspectionHours: z.number(), releaseMarginHours: z.number() }),
  /** Releases depend on the crypto-condition (decision 040): always on, not a choice. */
  requireCondition: z.literal(true),
  updatedAt: z.nullable(z.string()),
});
export type NetworkSettingsView = z.infer<typeof networkSettingsViewSchema>;

export const getNetworkSettings = defineContract({
  method: 'GET',
  path: '/api/admin/network',
  response: networkSettingsViewSchema,
});

/** Save: replaces every setting (a retry writes the same again). */
export const saveNetworkSettings = defineContract({
  method: 'PUT',
  path: '/api/admin/network',
  body: networkSettingsSchema,
  response: networkSettingsViewSchema,
});

export const serverInfoSchema = z.object({
  buildVersion: z.string(),
  networkId: z.nullable(z.number()),
  serverState: z.string(),
  peers: z.number(),
  completeLedgers: z.string(),
  validationQuorum: z.number(),
  validatedLedger: z.nullable(z.object({ seq: z.number(), hash: z.string() })),
  /** XRP as the node states it (decimal text): shown, never computed with. */
  baseFeeXrp: z.string(),
  reserveBaseXrp: z.string(),
  reserveIncXrp: z.string(),
});
export type ServerInfo = z.infer<typeof serverInfoSchema>;

/**
 * Test Connection: the endpoint must be the one in use or a saved one (nothing else is dialled from the server).
 * A node that does not answer is a result, not an error: `connected: false` with the reason.
 */
export const testNetworkConnection = defineContract({
  method: 'POST',
  path: '/api/admin/network/test',
  body: z.strictObject({ url: endpoint }),
  response: z.union([
    z.object({ connected: z.literal(true), serverInfo: serverInfoSchema }),
    z.object({ connected: z.literal(false), error: z.string() }),
  ]),
});
