import type { ProductLookupResult } from '../../../../shared/api/lookup';
import type { PlatformSettings } from '../../../../shared/domain/admin-settings';
import type { LookupProductsDeps } from '../../../../functions/core/lookup/lookup-products';
import type { ConfiguredService, LookupCache } from '../../../../functions/core/lookup/lookup-services';
import type { ProductLookup } from '../../../../functions/core/lookup/product-lookup';
import { testSettings } from '../../../fixtures/test-settings';

/** Product lookup's deps for a unit test: `port` as UPCitemdb, a memory cache, no rate limit, a settable clock. */
export function lookupDeps(
  services: readonly ConfiguredService[] | ProductLookup,
  settings: Partial<PlatformSettings> = {},
): LookupProductsDeps & {
  kept: Map<string, { items: ProductLookupResult[]; expiresAt: Date }>;
  at: { now: Date };
  settings: ReturnType<typeof testSettings>;
} {
  const kept = new Map<string, { items: ProductLookupResult[]; expiresAt: Date }>();
  const cache: LookupCache = {
    get: async (key, now) => {
      const k = kept.get(key);
      return k && k.expiresAt > now ? k.items : null;
    },
    put: async (key, items, expiresAt) => void kept.set(key, { items, expiresAt }),
  };
  const at = { now: new Date('2026-11-28T12:00:00Z') };
  return {
    services: 'byCode' in services ? [{ name: 'upcitemdb', lookup: services }] : services,
    settings: testSettings({ upcService: 'upcitemdb', ...settings }),
    cache,
    limit: async () => undefined,
    clock: { now: () => at.now },
    kept,
    at,
  };
}
