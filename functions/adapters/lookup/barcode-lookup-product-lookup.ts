import * as z from 'zod/mini';
import type { ProductLookup, ServiceProduct } from '../../core/lookup/product-lookup';
import { UpstreamError } from '../../lib/errors';

const TIMEOUT_MS = 5_000;

const text = z.optional(z.string());
const productSchema = z.object({
  title: z._default(z.string(), ''),
  barcode_number: text,
  model: text,
  brand: text,
  manufacturer: text,
  category: text,
  description: text,
  length: text,
  width: text,
  height: text,
  weight: text,
  images: z.optional(z.array(z.string())),
});
const answerSchema = z.object({ products: z._default(z.array(z.unknown()), []) });

const unavailable = () =>
  new UpstreamError('unavailable', 'product_lookup_unavailable', 'Could not connect to product lookup service');

/** "14.1 in", "9.7 in", "0.6 in" -> "14.1 x 9.7 x 0.6 in" (the one form the lookup rules read); undefined otherwise. */
export function dimensionOf(sizes: (string | undefined)[]): string | undefined {
  const parts = sizes.map((s) => /^\s*([\d.]+)\s*(in|inch|inches|cm|mm)?\.?\s*$/i.exec(s ?? ''));
  if (!parts.every(Boolean)) return undefined;
  const units = new Set(parts.map((m) => (m![2] ?? 'in').toLowerCase().replace(/^inch(es)?$/, 'in')));
  if (units.size !== 1) return undefined;
  return `${parts.map((m) => m![1]).join(' x ')} ${[...units][0]}`;
}

function toServiceProduct(p: z.infer<typeof productSchema>): ServiceProduct {
  const dimension = dimensionOf([p.length, p.width, p.height]);
  return {
    title: p.title,
    ...(p.description && { description: p.description }),
    ...((p.brand || p.manufacturer) && { brand: p.brand || p.manufacturer }),
    ...(p.model && { model: p.model }),
    ...(p.barcode_number && { upc: p.barcode_number }),
    ...(p.category && { category: p.category }),
    ...(p.weight && { weight: p.weight }),
    ...(dimension && { dimension }),
    ...(p.images && { images: p.images }),
  };
}

/**
 * Barcode Lookup (`/v3/products?barcode=` or `?search=`, with the account's key; decision 069). No product is a 404
 * there, so it is an empty list here; a refused key, a rate limit, a timeout or a garbled answer is "could not connect".
 */
export function barcodeLookupLookup(baseUrl: string, key: string): ProductLookup {
  const get = async (params: Record<string, string>): Promise<ServiceProduct[]> => {
    const url = new URL('/v3/products', baseUrl);
    for (const [k, v] of Object.entries({ ...params, formatted: 'y', key })) url.searchParams.set(k, v);
    let res: Response;
    try {
      res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw unavailable();
    }
    if (res.status === 404) {
      await res.body?.cancel();
      return [];
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw unavailable();
    }
    const answer = answerSchema.safeParse(body);
    if (!res.ok || !answer.success) throw unavailable();
    return answer.data.products.flatMap((item) => {
      const parsed = productSchema.safeParse(item);
      return parsed.success ? [toServiceProduct(parsed.data)] : [];
    });
  };
  return {
    byCode: (code) => get({ barcode: code }),
    search: (text) => get({ search: text }),
  };
}
