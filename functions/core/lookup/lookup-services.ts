import type { ProductLookupResult } from '../../../shared/api/lookup';
import type { PlatformSettings, UpcService } from '../../../shared/domain/admin-settings';
import type { ProductLookup } from './product-lookup';

/** A UPC service this deployment configured, behind the product lookup port. */
export interface ConfiguredService {
  name: UpcService;
  lookup: ProductLookup;
}

/** Answers already looked up, kept for the administrators' upcCacheHours (an item with a TTL). */
export interface LookupCache {
  /** null when nothing is kept for the key, or it has expired by `now`. */
  get(key: string, now: Date): Promise<ProductLookupResult[] | null>;
  put(key: string, items: ProductLookupResult[], expiresAt: Date): Promise<void>;
}

/**
 * The services to ask, in order (decision 069): the administrators' choice when it is configured here (else the first
 * configured), then, with upcFallback on, the other configured ones.
 */
export function servicesInOrder(
  settings: Pick<PlatformSettings, 'upcService' | 'upcFallback'>,
  configured: readonly ConfiguredService[],
): ConfiguredService[] {
  const chosen = configured.find((s) => s.name === settings.upcService) ?? configured[0];
  if (!chosen) return [];
  return settings.upcFallback ? [chosen, ...configured.filter((s) => s !== chosen)] : [chosen];
}

/** One service's answer to one query is kept under the service and the query (a UPC, or words in any case). */
export const cacheKeyOf = (service: UpcService, byCode: boolean, text: string) =>
  `${service}#${byCode ? 'upc' : 'name'}#${text.toLowerCase().replace(/\s+/g, ' ')}`;

export const LOOKUP_LIMIT_MESSAGE = (perMinute: number, retryAfterSeconds: number) =>
  `Too many product lookups: at most ${perMinute} a minute. Try again in ${retryAfterSeconds} s.`;
