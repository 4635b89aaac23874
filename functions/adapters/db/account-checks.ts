import type { OrderFacts } from '../../core/account-state/account-rules';
import type { AccountChecks } from '../../core/account-state/ports';
import type { Db } from './service';

const ORDER_FACTS = ['orderId', 'buyerId', 'status', 'releaseHold', 'dispute'] as const;

/**
 * What both danger-zone actions check first (decision 059), read from the user's own index partitions: every order
 * they bought or sold with its return, their running auctions with bids, and the running auctions they bid on.
 */
export function accountChecks(db: Db): AccountChecks {
  const { order, orderReturn, listing, bidderAuction } = db.entities;
  return {
    async orders(userId) {
      const [bought, sold] = await Promise.all([
        order.query.byBuyer({ buyerId: userId }).go({ pages: 'all', attributes: [...ORDER_FACTS] }),
        order.query.bySeller({ sellerId: userId }).go({ pages: 'all', attributes: [...ORDER_FACTS] }),
      ]);
      // One's own purchase from oneself can't happen (checkout refuses it), so each order is listed once.
      const all = [...bought.data, ...sold.data];
      const returns = new Map<string, OrderFacts['returnStage']>();
      for (let i = 0; i < all.length; i += 100) {
        const keys = all.slice(i, i + 100).map((o) => ({ orderId: o.orderId }));
        const { data, unprocessed } = await orderReturn.get(keys).go({ attributes: ['orderId', 'stage'] });
        if (unprocessed.length > 0) throw new Error(`${unprocessed.length} returns were not read`);
        for (const r of data) returns.set(r.orderId, r.stage);
      }
      return all.map((o) => ({
        orderId: o.orderId,
        role: o.buyerId === userId ? ('buyer' as const) : ('seller' as const),
        status: o.status,
        releaseHold: o.releaseHold ?? null,
        disputeOpen: (o.dispute as { status?: string } | undefined)?.status === 'open',
        returnStage: returns.get(o.orderId) ?? null,
      }));
    },

    async auctionWithBids(sellerId) {
      const { data } = await listing.query
        .bySeller({ sellerId })
        .where(
          (a, op) => `${op.eq(a.listingType, 'auction')} AND ${op.eq(a.status, 'active')} AND ${op.gt(a.bidCount, 0)}`,
        )
        .go({ pages: 'all', attributes: ['title'] });
      return data[0]?.title ?? null;
    },

    async runningBids(userId) {
      const { data: entries } = await bidderAuction.query
        .byBidder({ bidderId: userId })
        .go({ pages: 'all', attributes: ['listingId'] });
      let running = 0;
      for (let i = 0; i < entries.length; i += 100) {
        const keys = entries.slice(i, i + 100).map((e) => ({ listingId: e.listingId }));
        const { data, unprocessed } = await listing.get(keys).go({ attributes: ['listingId', 'status'] });
        if (unprocessed.length > 0) throw new Error(`${unprocessed.length} listings were not read`);
        running += data.filter((l) => l.status === 'active').length;
      }
      return running;
    },
  };
}
