import type { DirectContact } from '../../core/messages/ports';
import type { OrderLine } from '../../core/orders/order';
import { allowsDirectContact } from './seller-settings-store';
import type { Db } from './service';

/**
 * Whether a seller takes new conversations (decision 057): their setting, and for a refused one whether the buyer has a
 * paid order of the listing from them (the buyer's orders index, filtered to that seller: read only on a refusal).
 */
export function directContact(db: Db): DirectContact {
  return {
    allowed: (sellerId) => allowsDirectContact(db, sellerId),
    async hasOrder(buyerId, sellerId, listingId) {
      const { data } = await db.entities.order.query
        .byBuyer({ buyerId })
        .where((a, op) => `${op.eq(a.sellerId, sellerId)} AND ${op.exists(a.fundedAt)}`)
        .go({ pages: 'all', attributes: ['lines'] });
      return data.some((o) => (o.lines as OrderLine[]).some((l) => l.listingId === listingId));
    },
  };
}
