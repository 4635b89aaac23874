import { PRODUCT_LOOKUP_MAX_RESULTS, type ProductLookupResult } from '../../../shared/api/lookup';
import { UpstreamError } from '../../lib/errors';
import type { SettingsPort } from '../admin-settings/ports';
import type { Clock } from '../clock/clock';
import { cacheKeyOf, servicesInOrder, type ConfiguredService, type LookupCache } from './lookup-services';
import { toLookupResult } from './product-lookup';

const HOUR_MS = 3_600_000;

export interface LookupProductsDeps {
  services: readonly ConfiguredService[];
  settings: Pick<SettingsPort, 'current'>;
  cache: LookupCache;
  /** Counts the user's lookup; 429 past `perMinute` in the minute. */
  limit(userId: string, perMinute: number): Promise<void>;
  clock: Clock;
}

/** One service's answer to the query, from the cache while it is kept, else asked and kept for `cacheHours`. */
async function answerOf(
  service: ConfiguredService,
  byCode: boolean,
  text: string,
  cacheHours: number,
  deps: Pick<LookupProductsDeps, 'cache' | 'clock'>,
): Promise<ProductLookupResult[]> {
  const key = cacheKeyOf(service.name, byCode, text);
  const now = deps.clock.now();
  const kept = await deps.cache.get(key, now);
  if (kept) return kept;
  const products = byCode ? await service.lookup.byCode(text) : await service.lookup.search(text);
  const items = products
    .filter((p) => p.title?.trim())
    .slice(0, PRODUCT_LOOKUP_MAX_RESULTS)
    .map(toLookupResult);
  await deps.cache.put(key, items, new Date(now.getTime() + cacheHours * HOUR_MS));
  return items;
}

/**
 * A UPC (8 to 14 digits) is looked up by code; anything else is searched by name (decision 009). The administrators'
 * UPC settings apply (decision 069): their rate limit per user and minute, their choice of service, answers kept for
 * their cache duration, and with fallback on, a service that fails or finds nothing hands over to the next one. Only
 * when no service answered at all is it "could not connect".
 */
export async function lookupProducts(userId: string, q: string, deps: LookupProductsDeps) {
  const settings = await deps.settings.current();
  await deps.limit(userId, settings.upcRateLimitPerMinute);
  const text = q.trim();
  const byCode = /^\d{8,14}$/.test(text);
  let failure: UpstreamError | null = null;
  let answered = false;
  for (const service of servicesInOrder(settings, deps.services)) {
    try {
      const items = await answerOf(service, byCode, text, settings.upcCacheHours, deps);
      if (items.length) return items;
      answered = true;
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      failure ??= error;
    }
  }
  if (failure && !answered) throw failure;
  return [];
}
