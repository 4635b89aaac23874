import type { LapseStore } from '../../core/auctions/lapse-unpaid-orders';
import type { RelistSource, RelistStore } from '../../core/auctions/relist-auction';
import type { SecondChanceStore } from '../../core/auctions/offer-second-chance';
import type { OrderRecord, SellerChoice } from '../../core/orders/order';
import { facetEntries } from './listing-facets';
import { statusKeyComposites, type ClosingListing } from './listing-close';
import { newStoredOrder } from './order-store';
import { DEFAULT_POSTINGS, transactAddingPostings } from './posting-chunks';
import type { Db } from './service';
import { cancelReasons, transactWithRetry, type TransactResult } from './transact';

type Entities = Parameters<Parameters<Db['transaction']['write']>[0]>[0];

const KEYED = ['listingId', 'status', 'createdAt', 'category', 'sortPriceCents', 'endsAt', 'subcategory'] as const;

/** False when the transaction's first write (the one the caller's condition is on) failed its condition. */
function firstHeld(result: TransactResult, what: string): boolean {
  if (!result.canceled) return true;
  if (result.data[0]?.code === 'ConditionalCheckFailed') return false;
  throw new Error(`${what} was cancelled: ${cancelReasons(result)}`);
}

/** The lapsed order records what its seller chose (the listing's conditions make the choice once). */
const recordChoice = (orders: Entities['order'], lapsed: OrderRecord, choice: SellerChoice) =>
  orders
    .patch({ orderId: lapsed.orderId })
    .set({ auction: { ...lapsed.auction!, sellerChoice: choice } })
    .where((a, op) => op.eq(a.status, 'cancelled'))
    .commit();

/**
 * What happens to an auction's order and its listing together after the close: a lapse (the unit released, the
 * listing back to ended), a second chance (a new order holding the unit, the listing sold again), a relist (a new
 * listing; the old one marked). Each is one transaction, conditional on the state it moves from.
 */
export function auctionOrderStore(db: Db): LapseStore & SecondChanceStore & RelistStore {
  const keyed = async (listingId: string) =>
    (await db.entities.listing.get({ listingId }).go({ consistent: true, attributes: [...KEYED] })).data as
      (ClosingListing & { status: string }) | null;

  return {
    async lapse(order, at) {
      const l = await keyed(order.lines[0]!.listingId);
      const write = (withListing: boolean) =>
        transactWithRetry(() =>
          db.transaction
            .write(({ order: orders, listing }) => [
              orders
                .patch({ orderId: order.orderId })
                .set({
                  status: 'cancelled',
                  cancelReason: 'payment_lapsed',
                  cancelledAt: at.toISOString(),
                  updatedAt: at.toISOString(),
                  deadline: at.toISOString(),
                })
                .composite({ orderId: order.orderId })
                .where((a, op) => op.eq(a.status, 'awaiting_payment'))
                .commit(),
              ...(withListing && l
                ? [
                    listing
                      .patch({ listingId: l.listingId })
                      .set({ status: 'ended', updatedAt: at.toISOString() })
                      .subtract({ quantityReserved: 1 })
                      .composite(statusKeyComposites(l))
                      .where(
                        (a, op) =>
                          `${op.eq(a.status, 'sold')} AND ${op.eq(a.auctionOrderId, order.orderId)} AND ` +
                          op.gte(a.quantityReserved, 1),
                      )
                      .commit(),
                  ]
                : []),
            ])
            .go(),
        );
      const result = await write(l?.status === 'sold');
      // A listing this order no longer holds (changed by hand) is left alone; the order still lapses.
      const listingMoved = result.canceled && result.data[0]?.code === 'None';
      return firstHeld(listingMoved ? await write(false) : result, `lapsing order ${order.orderId}`);
    },

    async offer(lapsed, offer, at) {
      const l = await keyed(offer.lines[0]!.listingId);
      if (!l) return false;
      const result = await transactWithRetry(() =>
        db.transaction
          .write(({ order: orders, listing }) => [
            listing
              .patch({ listingId: l.listingId })
              .set({ status: 'sold', auctionOrderId: offer.orderId, updatedAt: at.toISOString() })
              .add({ quantityReserved: 1 })
              .composite(statusKeyComposites(l))
              .where(
                (a, op) =>
                  `${op.eq(a.status, 'ended')} AND ${op.eq(a.auctionOrderId, lapsed.orderId)} AND ` +
                  op.notExists(a.relistedAs),
              )
              .commit(),
            recordChoice(orders, lapsed, { kind: 'second_chance', orderId: offer.orderId }),
            orders.create(newStoredOrder(offer)).commit(),
          ])
          .go(),
      );
      return firstHeld(result, `second chance for order ${lapsed.orderId}`);
    },

    async read(listingId) {
      const { data } = await db.entities.listing.get({ listingId }).go({ consistent: true });
      return (data as RelistSource | null) ?? null;
    },

    async relist(old, fresh, terms, lapsed, at) {
      const result = await transactAddingPostings(db, DEFAULT_POSTINGS, fresh.listingId, terms, (placed) =>
        db.transaction
          .write(({ listing, listingFacet, searchPosting, order: orders }) => [
            listing
              .patch({ listingId: old.listingId })
              .set({ relistedAs: fresh.listingId, updatedAt: at.toISOString() })
              .where(
                (a, op) =>
                  `${op.eq(a.status, 'ended')} AND ${op.notExists(a.relistedAs)} AND ` +
                  (old.auctionOrderId ? op.eq(a.auctionOrderId, old.auctionOrderId) : op.notExists(a.auctionOrderId)),
              )
              .commit(),
            ...(lapsed ? [recordChoice(orders, lapsed, { kind: 'relisted', listingId: fresh.listingId })] : []),
            listing.create(placed.slots.length > 0 ? { ...fresh, postingSlots: placed.slots } : fresh).commit(),
            ...facetEntries(fresh).map((entry) => listingFacet.put(entry).commit()),
            ...placed.adds(searchPosting),
          ])
          .go(),
      );
      return firstHeld(result, `relisting ${old.listingId}`);
    },
  };
}
