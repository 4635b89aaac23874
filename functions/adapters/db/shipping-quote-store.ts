import type { StoredQuote } from '../../core/orders/checkout';
import type { Db } from './service';

/** Quotes are kept a little past their expiry, then TTL removes them. */
const KEEP_SECONDS = 60 * 60;

export function shippingQuoteStore(db: Db) {
  const { shippingQuote } = db.entities;
  return {
    async put(q: StoredQuote): Promise<void> {
      await shippingQuote.put({ ...q, ttl: Math.floor(Date.parse(q.expiresAt) / 1000) + KEEP_SECONDS }).go();
    },
    async get(quoteId: string): Promise<StoredQuote | null> {
      const { data } = await shippingQuote.get({ quoteId }).go({ consistent: true });
      if (!data) return null;
      const { ttl: _, ...quote } = data;
      return quote as StoredQuote;
    },
  };
}
