import type { ProductLookupResult } from '../../../shared/api/lookup';
import type { LookupCache } from '../../core/lookup/lookup-services';
import type { Db } from './service';

/**
 * Product lookup answers as items with a TTL; one read past its time is no answer (TTL deletes lazily). Written with
 * UpdateItem: the lookup is a GET route, allowed to update only these keys and its rate counters (decision 069).
 */
export function productLookupCache(db: Db): LookupCache {
  const { productLookupCache: kept } = db.entities;
  return {
    async get(key, now) {
      const { data } = await kept.get({ key }).go();
      if (!data || Date.parse(data.expiresAt) <= now.getTime()) return null;
      return data.items as ProductLookupResult[];
    },
    async put(key, items, expiresAt) {
      await kept
        .update({ key })
        .set({ items, expiresAt: expiresAt.toISOString(), ttl: Math.ceil(expiresAt.getTime() / 1000) })
        .go();
    },
  };
}
