import * as z from 'zod/mini';
import type { ProductLookup, ServiceProduct } from '../../core/lookup/product-lookup';
import { UpstreamError } from '../../lib/errors';

const TIMEOUT_MS = 5_000;

const text = z.optional(z.string());
const itemSchema = z.object({
  title: z._default(z.string(), ''),
  description: text,
  brand: text,
  model: text,
  upc: text,
  ean: text,
  category: text,
  weight: text,
  dimension: text,
  images: z.optional(z.array(z.string())),
});
const answerSchema = z.object({ code: z.string(), items: z._default(z.array(z.unknown()), []) });

const unavailable = () =>
  new UpstreamError('unavailable', 'product_lookup_unavailable', 'Could not connect to product lookup service');

/**
 * UPCitemdb (`/prod/trial/...` free, `/prod/v1/...` with a key). Only well-formed items are kept; an unknown or invalid
 * UPC is no product, not an error; rate limits, timeouts and garbled answers are "could not connect". The key is
 * asked per call (a saved one takes effect without a restart, decision 071).
 */
export function upcItemDbLookup(
  baseUrl: string,
  key: () => Promise<string | undefined> = () => Promise.resolve(undefined),
): ProductLookup {
  const get = async (path: string, params: Record<string, string>): Promise<ServiceProduct[]> => {
    // A key that cannot be read (the secrets store failing) is the service being unavailable, not a server fault.
    const userKey = await key().catch(() => {
      throw unavailable();
    });
    const url = new URL(`/prod/${userKey ? 'v1' : 'trial'}/${path}`, baseUrl);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { accept: 'application/json', ...(userKey && { user_key: userKey, key_type: '3scale' }) },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw unavailable();
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw unavailable();
    }
    const answer = answerSchema.safeParse(body);
    if (!answer.success) throw unavailable();
    if (answer.data.code === 'INVALID_UPC' || answer.data.code === 'INVALID_QUERY') return [];
    if (!res.ok || answer.data.code !== 'OK') throw unavailable();
    return answer.data.items.flatMap((item) => {
      const parsed = itemSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    });
  };
  return {
    byCode: (code) => get('lookup', { upc: code }),
    search: (text) => get('search', { s: text, match_mode: '0', type: 'product' }),
  };
}
