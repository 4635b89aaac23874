import { configuredProductServices } from '../adapters/lookup/product-lookup';
import { productLookupCache } from '../adapters/db/product-lookup-cache';
import { rateLimitStore } from '../adapters/db/rate-limit-store';
import { db } from '../adapters/db/service';
import { clock } from '../adapters/clock';
import { zipLookup } from '../adapters/lookup/zip-lookup';
import { enforceRateLimit } from '../core/auth/rate-limit';
import { systemClock } from '../core/clock/clock';
import type { LookupProductsDeps } from '../core/lookup/lookup-products';
import { LOOKUP_LIMIT_MESSAGE } from '../core/lookup/lookup-services';
import { platformSettings } from './admin-settings';

export function lookupZipDeps() {
  return { zips: zipLookup() };
}

/** Product lookup under the administrators' UPC settings (decision 069). */
export function lookupProductsDeps(): LookupProductsDeps {
  return {
    services: configuredProductServices(),
    settings: platformSettings(),
    cache: productLookupCache(db()),
    // Real time, not the functions' clock: the limit counts requests per window as they arrive.
    limit: (userId, perMinute) =>
      enforceRateLimit(rateLimitStore(db()), 'lookupProducts', `user:${userId}`, systemClock.now(), {
        limit: perMinute,
        message: (retry) => LOOKUP_LIMIT_MESSAGE(perMinute, retry),
      }),
    clock,
  };
}
