import type { RateLimitStore } from '../../core/auth/ports';
import { conditionally } from './conditional';
import type { Db } from './service';

/** One atomic ADD per request; the condition refuses it once the window's count reached the limit. */
export function rateLimitStore(db: Db): RateLimitStore {
  const { rateCounter } = db.entities;
  return {
    hit(key, windowStart, limit, expiresAt) {
      return conditionally(() =>
        rateCounter
          .update({ key, windowStart })
          .add({ count: 1 })
          .set({ ttl: expiresAt })
          .where((a, op) => `${op.notExists(a.count)} OR ${op.lt(a.count, limit)}`)
          .go(),
      );
    },
  };
}
