import * as z from 'zod/mini';
import { defineContract } from './contract';
import '../zod-locale';

/** The admin portal's API keys tab (decision 064): which managed keys are set, and a new value for each. */

export const MANAGED_KEYS = [
  'xamanApiKey',
  'xamanApiSecret',
  'carrierApiKey',
  'carrierApiSecret',
  'carrierTrackApiKey',
  'carrierTrackApiSecret',
  'carrierWebhookSecret',
  'upcServiceKey',
] as const;
export type ManagedKey = (typeof MANAGED_KEYS)[number];

export const MANAGED_KEY_LABELS: Record<ManagedKey, string> = {
  xamanApiKey: 'Xaman API key',
  xamanApiSecret: 'Xaman API secret',
  carrierApiKey: 'FedEx API key',
  carrierApiSecret: 'FedEx API secret',
  carrierTrackApiKey: 'FedEx Track API key',
  carrierTrackApiSecret: 'FedEx Track API secret',
  carrierWebhookSecret: 'FedEx webhook secret',
  upcServiceKey: 'UPC lookup service key',
};

/**
 * How long a function keeps a secret before reading it again (functions/adapters/secrets.ts): a key saved here takes
 * effect in every function within this time, at once in the one that saved it (decision 071).
 */
export const SECRET_TTL_SECONDS = 5 * 60;

export const API_KEY_EMPTY = 'API key value cannot be empty';
export const API_KEY_MAX = 4096;
/** A saved key goes into headers and forms as is (decision 071): no spaces, control or non-ASCII characters. */
export const API_KEY_CHARACTERS = 'An API key value can only hold printable characters without spaces.';

/** A key's state only: its value is never sent back by any route. */
export const apiKeyStatusSchema = z.object({
  name: z.enum(MANAGED_KEYS),
  label: z.string(),
  configured: z.boolean(),
});

export const getApiKeys = defineContract({
  method: 'GET',
  path: '/api/admin/api-keys',
  response: z.object({ keys: z.array(apiKeyStatusSchema) }),
});

/** Save a new value (a retry writes the same again). */
export const saveApiKey = defineContract({
  method: 'PUT',
  path: '/api/admin/api-keys/{name}',
  params: z.strictObject({ name: z.enum(MANAGED_KEYS, 'Unknown API key.') }),
  body: z.strictObject({
    value: z
      .string(API_KEY_EMPTY)
      .check(
        z.trim(),
        z.minLength(1, API_KEY_EMPTY),
        z.maxLength(API_KEY_MAX, `An API key value can be at most ${API_KEY_MAX} characters.`),
        z.regex(/^[!-~]*$/, API_KEY_CHARACTERS),
      ),
  }),
  response: apiKeyStatusSchema,
});

export const API_SERVICES = ['xaman', 'fedex'] as const;
export type ApiService = (typeof API_SERVICES)[number];

/** Test Connection with the stored credentials; a refusal or no answer is a result (`connected: false`). */
export const testApiConnection = defineContract({
  method: 'POST',
  path: '/api/admin/api-keys/test/{service}',
  params: z.strictObject({ service: z.enum(API_SERVICES, 'Choose xaman or fedex.') }),
  body: z.strictObject({}),
  response: z.union([
    z.object({ connected: z.literal(true) }),
    z.object({ connected: z.literal(false), error: z.string() }),
  ]),
});
