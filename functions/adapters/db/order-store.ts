import type { Reservation } from '../../core/orders/checkout';
import { NO_SHIPMENT, type OrderRecord } from '../../core/orders/order';
import type { OrderPage, OrderPosition, OrderRepository } from '../../core/orders/order-store';
import { endHold, takeHolds } from './buyer-holds';
import { conditionally } from './conditional';
import { countMoves, inBucket } from './escrow-buckets';
import type { Db } from './service';
import { cancelReasons, transactWithRetry, type TransactResult } from './transact';

type Optional =
  | 'signing'
  | 'escrowCreate'
  | 'cancelReason'
  | 'fundedAt'
  | 'cancelledAt'
  | 'shipment'
  | 'fee'
  | 'label'
  | 'settlement'
  | 'releaseReason'
  | 'refundReason'
  | 'completedAt'
  | 'refundedAt'
  | 'releaseDueAt'
  | 'auction'
  | 'pickup'
  | 'hold'
  | 'dispute'
  | 'drift'
  | 'shipByNoticeAt';

export type StoredOrder = Omit<OrderRecord, Optional> & {
  shipment?: OrderRecord['shipment'];
  fee?: NonNullable<OrderRecord['fee']>;
  label?: NonNullable<OrderRecord['label']>;
  settlement?: NonNullable<OrderRecord['settlement']>;
  releaseReason?: NonNullable<OrderRecord['releaseReason']>;
  refundReason?: NonNullable<OrderRecord['refundReason']>;
  completedAt?: string;
  refundedAt?: string;
  releaseDueAt?: string;
  signing?: NonNullable<OrderRecord['signing']>;
  escrowCreate?: NonNullable<OrderRecord['escrowCreate']>;
  cancelReason?: NonNullable<OrderRecord['cancelReason']>;
  fundedAt?: string;
  cancelledAt?: string;
  auction?: NonNullable<OrderRecord['auction']>;
  pickupCodeHash?: string;
  pickupTries?: number;
  pickupPausedUntil?: string;
  hold?: NonNullable<OrderRecord['hold']>;
  dispute?: NonNullable<OrderRecord['dispute']>;
  releaseHold?: 'dispute' | 'return';
  escrowBucket?: NonNullable<OrderRecord['escrowBucket']>;
  drift?: NonNullable<OrderRecord['drift']>['kind'];
  driftAt?: string;
  shipByNoticeAt?: string;
  deadline: string;
};

/** A pickup's lock as the order item keeps it: flat, so a try's count can be conditional on it. */
export function storedPickup(lock: NonNullable<OrderRecord['pickup']> | undefined) {
  return {
    pickupCodeHash: lock?.codeHash,
    pickupTries: lock?.tries,
    pickupPausedUntil: lock?.pausedUntil ?? undefined,
  };
}
/** Shipments stored before decision 039 carry no proof: a shipped one had a number the seller entered. */
const shipmentOf = (s: OrderRecord['shipment']): OrderRecord['shipment'] => ({
  ...s,
  proof: s.proof ?? (s.trackingNumber ? 'seller_tracking' : null),
});

export function toRecord(o: StoredOrder): OrderRecord {
  return {
    orderId: o.orderId,
    checkoutId: o.checkoutId,
    buyerId: o.buyerId,
    buyerUsername: o.buyerUsername,
    sellerId: o.sellerId,
    sellerUsername: o.sellerUsername,
    status: o.status,
    lines: o.lines,
    itemsCents: o.itemsCents,
    shippingCents: o.shippingCents,
    totalCents: o.totalCents,
    shipping: o.shipping,
    escrow: o.escrow,
    signing: o.signing ?? null,
    escrowCreate: o.escrowCreate ?? null,
    cancelReason: o.cancelReason ?? null,
    reservationExpiresAt: o.reservationExpiresAt,
    auction: o.auction ?? null,
    ...(o.hold && { hold: o.hold }),
    ...(o.dispute && { dispute: o.dispute }),
    ...(o.releaseHold && { releaseHold: o.releaseHold }),
    ...(o.escrowBucket && { escrowBucket: o.escrowBucket }),
    ...(o.drift && { drift: { kind: o.drift, at: o.driftAt ?? o.updatedAt } }),
    ...(o.shipByNoticeAt && { shipByNoticeAt: o.shipByNoticeAt }),
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    fundedAt: o.fundedAt ?? null,
    cancelledAt: o.cancelledAt ?? null,
    shipment: o.shipment ? shipmentOf(o.shipment) : NO_SHIPMENT,
    fee: o.fee ? { ...o.fee, label: o.fee.label ?? null } : null,
    label: o.label ?? null,
    settlement: o.settlement ?? null,
    releaseReason: o.releaseReason ?? null,
    refundReason: o.refundReason ?? null,
    completedAt: o.completedAt ?? null,
    refundedAt: o.refundedAt ?? null,
    releaseDueAt: o.releaseDueAt ?? null,
    ...(o.pickupCodeHash !== undefined && {
      pickup: { codeHash: o.pickupCodeHash, tries: o.pickupTries ?? 0, pausedUntil: o.pickupPausedUntil ?? null },
    }),
  };
}

/** What every refund writes: the status, its reason, and the fulfillment destroyed so nothing can release it. */
export function refunding(o: OrderRecord, reason: NonNullable<OrderRecord['refundReason']>, at: string) {
  return {
    status: 'refunding' as const,
    refundReason: reason,
    // Destroyed: from here nothing can release the escrow, only the ledger's cancel after CancelAfter.
    escrow: { ...o.escrow, sealedFulfillment: '' },
    updatedAt: at,
    deadline: o.escrow.cancelAfter,
  };
}

/** A new order as stored: nothing signed, paid or settled yet; its deadline is its reservation's (or window's) end. */
export function newStoredOrder({ pickup, ...rec }: OrderRecord): StoredOrder {
  return {
    ...rec,
    ...storedPickup(pickup),
    signing: undefined,
    escrowCreate: undefined,
    cancelReason: undefined,
    drift: undefined,
    fundedAt: undefined,
    cancelledAt: undefined,
    fee: undefined,
    label: undefined,
    settlement: undefined,
    releaseReason: undefined,
    refundReason: undefined,
    completedAt: undefined,
    refundedAt: undefined,
    releaseDueAt: undefined,
    auction: rec.auction ?? undefined,
    deadline: rec.reservationExpiresAt,
  };
}

/** The accepted offers an order's lines were priced from (decision 033). */
const offersOf = (order: OrderRecord) => order.lines.flatMap((l) => (l.offerId ? [l.offerId] : []));

/** Units of each listing an order holds. */
function unitsByListing(order: OrderRecord): Map<string, number> {
  const units = new Map<string, number>();
  for (const l of order.lines) units.set(l.listingId, (units.get(l.listingId) ?? 0) + l.quantity);
  return units;
}

/**
 * Orders, with every transition and the stock it moves in one transaction: reserving at checkout (conditional on the
 * version each listing was read at), selling when funded, releasing when cancelled. The status condition makes each
 * transition happen once however often a job runs.
 */
/** The order entity as a transaction's writer hands it over. */
type TransactionOrders = Parameters<Parameters<Db['transaction']['write']>[0]>[0]['order'];

export function orderStore(db: Db): OrderRepository {
  const { order } = db.entities;

  const transition = async (
    o: OrderRecord,
    from: readonly OrderRecord['status'][],
    set: Partial<StoredOrder> & { status: OrderRecord['status']; deadline: string; updatedAt: string },
    /** The units it held are sold (funded) rather than released. */
    sold: boolean,
  ): Promise<boolean> => {
    const units = [...unitsByListing(o)];
    const result = await transactWithRetry(() =>
      db.transaction
        .write(({ order: orders, listing, offer, buyerHold, escrowCount }) => [
          orders
            .patch({ orderId: o.orderId })
            .set({ ...set, ...(sold && inBucket({ fundedAt: set.fundedAt ?? null }, 'pending')) })
            .composite({ orderId: o.orderId })
            .where((a, op) => from.map((s) => op.eq(a.status, s)).join(' OR '))
            .commit(),
          ...units.map(([listingId, quantity]) => {
            const write = listing.update({ listingId }).subtract({ quantityReserved: quantity });
            return (sold ? write.add({ quantitySold: quantity }) : write)
              .where((a, op) => op.gte(a.quantityReserved, quantity))
              .commit();
          }),
          // Released units free the offer they were priced from: its buyer may check out at its price again.
          ...(sold ? [] : offersOf(o)).map((offerId) =>
            offer
              .patch({ offerId })
              .remove(['orderId'])
              .where((a, op) => op.eq(a.orderId, o.orderId))
              .commit(),
          ),
          // A checkout's hold ends with its status change (decision 041).
          ...endHold(buyerHold, o, sold ? 'funded' : 'cancelled', set.updatedAt),
          // The monitor's counters move with the status (decision 065).
          ...(sold && set.fundedAt ? countMoves(escrowCount, undefined, 'pending') : []),
        ])
        .go(),
    );
    if (!result.canceled) return true;
    if (result.data[0]?.code === 'ConditionalCheckFailed') return false;
    throw new Error(`order ${o.orderId} transition to ${set.status} cancelled: ${cancelReasons(result)}`);
  };

  /**
   * An ending's write for an order read without a monitor bucket (funded before decision 065): the backfill may give
   * it one, counted, between the read and the write, and the counters would then count it twice. The write is
   * conditional on it having none; if it got one meanwhile and the status is unchanged, it is written again with it.
   */
  const unbucketed = (o: OrderRecord) => Boolean(o.fundedAt) && !o.escrowBucket;
  const withBucketAsStored = async (o: OrderRecord, write: (o: OrderRecord) => Promise<boolean>) => {
    if (await write(o)) return true;
    if (!unbucketed(o)) return false;
    const { data } = await order
      .get({ orderId: o.orderId })
      .go({ consistent: true, attributes: ['status', 'escrowBucket'] });
    if (!data?.escrowBucket || data.status !== o.status) return false;
    return write({ ...o, escrowBucket: data.escrowBucket });
  };

  /**
   * The order's write in a settlement's transaction: the status it ends in, with the validated settlement. Conditional
   * on the status it was read in: releasing or refunding, or (a repair from ledger truth) still funded or shipped.
   */
  const ended = (
    orders: TransactionOrders,
    o: OrderRecord,
    status: 'completed' | 'refunded',
    ledgerIndex: number,
    at: string,
  ) =>
    orders
      .patch({ orderId: o.orderId })
      .set({
        status,
        settlement: { ...o.settlement!, ledgerIndex },
        settlementTxid: o.settlement!.txid,
        ...(status === 'completed' ? { completedAt: at } : { refundedAt: at }),
        updatedAt: at,
        deadline: at,
        ...inBucket(o, status === 'completed' ? 'completed' : 'cancelled'),
      })
      // Ended: whatever drift the reconcile job marked is over (decision 065).
      .remove(['drift', 'driftAt'])
      .where((a, op) =>
        unbucketed(o) ? `${op.eq(a.status, o.status)} AND ${op.notExists(a.escrowBucket)}` : op.eq(a.status, o.status),
      )
      .commit();

  /** A page newest first, strictly after a position; a full page names its last order as where the next begins. */
  const page = async (
    q: { lt(sk: OrderPosition): { go(o: object): Promise<unknown> }; go(o: object): Promise<unknown> },
    after: OrderPosition | null,
    limit: number,
  ): Promise<OrderPage> => {
    const options = { order: 'desc', limit };
    const { data } = (await (after ? q.lt(after).go(options) : q.go(options))) as { data: StoredOrder[] };
    const orders = data.map(toRecord);
    const last = orders.length === limit ? orders[orders.length - 1]! : null;
    return { orders, after: last ? { createdAt: last.createdAt, orderId: last.orderId } : null };
  };

  return {
    async place(orders, reservations: readonly Reservation[], pickupCodes = []) {
      const result = (await db.transaction
        .write(({ order: o, listing, offer, pickupCode, buyerHold }) => [
          // Concurrent buyers only add to quantityReserved, so they don't refuse each other: each write holds only
          // while the listing still has the units (stock and sales as read, reservations at most what leaves room).
          ...reservations.map((r) =>
            listing
              .update({ listingId: r.listingId })
              .add({ quantityReserved: r.quantity })
              .where(
                (a, op) =>
                  // No bid since it was read: an auction's first bid ends Buy It Now (decision 027).
                  `${op.eq(a.status, 'active')} AND (${op.eq(a.bidCount, 0)} OR ${op.notExists(a.bidCount)}) AND ` +
                  `${op.eq(a.quantity, r.stock.quantity)} AND ` +
                  `${op.eq(a.quantitySold, r.stock.sold)} AND (${op.lte(a.quantityReserved, r.stock.maxReserved)}` +
                  (r.stock.maxReserved >= 0 ? ` OR ${op.notExists(a.quantityReserved)})` : ')'),
              )
              .commit(),
          ),
          ...orders.map((rec) => o.create(newStoredOrder(rec)).commit()),
          ...pickupCodes.map((code) => pickupCode.create(code).commit()),
          // An accepted offer is bought once: the order claims it while it is still accepted and unclaimed.
          ...orders.flatMap((rec) =>
            offersOf(rec).map((offerId) =>
              offer
                .patch({ offerId })
                .set({ orderId: rec.orderId })
                .where((a, op) => `${op.eq(a.status, 'accepted')} AND ${op.notExists(a.orderId)}`)
                .commit(),
            ),
          ),
          // The buyer's hold limits, checked and charged with the reservation (decision 041).
          ...takeHolds(buyerHold, orders, orders[0]!.createdAt),
        ])
        .go()) as TransactResult;
      if (!result.canceled) return 'ok';
      if (result.data.some((d) => d?.code === 'ConditionalCheckFailed' || d?.code === 'TransactionConflict')) {
        return 'stale';
      }
      throw new Error(`placing orders cancelled: ${cancelReasons(result)}`);
    },

    async get(orderId) {
      const { data } = await order.get({ orderId }).go({ consistent: true });
      return data ? toRecord(data as StoredOrder) : null;
    },

    setSigning(orderId, signing, reservationExpiresAt) {
      return conditionally(() =>
        order
          .patch({ orderId })
          .set({ signing, reservationExpiresAt, deadline: reservationExpiresAt, updatedAt: new Date().toISOString() })
          .composite({ status: 'awaiting_signature' })
          .where((a, op) => `${op.eq(a.status, 'awaiting_signature')} AND ${op.notExists(a.signing)}`)
          .go(),
      );
    },

    startSubmitting(orderId, escrowCreate, at) {
      return conditionally(async () => {
        const current = await order.get({ orderId }).go({ consistent: true, attributes: ['deadline'] });
        await order
          .patch({ orderId })
          .set({ status: 'submitting', escrowCreate, updatedAt: at, deadline: current.data?.deadline ?? at })
          .where((a, op) => op.eq(a.status, 'awaiting_signature'))
          .go();
      });
    },

    markFunded(o, ledgerIndex, at) {
      return transition(
        o,
        ['submitting'],
        {
          status: 'funded',
          escrowCreate: { ...o.escrowCreate!, ledgerIndex },
          fundedAt: at,
          updatedAt: at,
          // Funded escrows are found by the time the ledger lets them be cancelled.
          deadline: o.escrow.cancelAfter,
        },
        true,
      );
    },

    cancel(o, reason, at) {
      return transition(
        o,
        ['awaiting_signature', 'submitting'],
        { status: 'cancelled', cancelReason: reason, cancelledAt: at, updatedAt: at, deadline: at },
        false,
      );
    },

    async startPayment(o, at, code) {
      const result = (await db.transaction
        .write(({ order: orders, pickupCode }) => [
          orders
            .patch({ orderId: o.orderId })
            .set({
              status: 'awaiting_signature',
              lines: o.lines,
              shippingCents: o.shippingCents,
              totalCents: o.totalCents,
              shipping: o.shipping,
              escrow: o.escrow,
              ...storedPickup(o.pickup),
              reservationExpiresAt: o.reservationExpiresAt,
              deadline: o.reservationExpiresAt,
              updatedAt: at,
            })
            .where((a, op) => op.eq(a.status, 'awaiting_payment'))
            .commit(),
          // A payment after a failed signing makes a new condition, so the code its hash locks is replaced with it.
          ...(code ? [pickupCode.put(code).commit()] : []),
        ])
        .go()) as TransactResult;
      if (!result.canceled) return true;
      if (result.data[0]?.code === 'ConditionalCheckFailed') return false;
      throw new Error(`paying order ${o.orderId} cancelled: ${cancelReasons(result)}`);
    },

    backToPayment(o, at) {
      const due = o.auction!.paymentDueAt;
      return conditionally(() =>
        order
          .patch({ orderId: o.orderId })
          .set({ status: 'awaiting_payment', reservationExpiresAt: due, deadline: due, updatedAt: at })
          .remove(['signing', 'escrowCreate'])
          .where((a, op) => op.eq(a.status, o.status))
          .go(),
      );
    },

    beginRelease(orderId, from, reason, at) {
      return conditionally(async () => {
        const current = await order.get({ orderId }).go({ consistent: true, attributes: ['deadline'] });
        await order
          .patch({ orderId })
          .set({ status: 'releasing', releaseReason: reason, updatedAt: at, deadline: current.data?.deadline ?? at })
          // An open dispute holds every release (decision 053).
          .where((a, op) => `${op.eq(a.status, from as OrderRecord['status'])} AND ${op.notExists(a.releaseHold)}`)
          .go();
      });
    },

    beginRefund(o, from, settlementTxid, reason, at) {
      return conditionally(() =>
        order
          .patch({ orderId: o.orderId })
          .set(refunding(o, reason, at))
          .where((a, op) => {
            const status = op.eq(a.status, from);
            if (from !== 'releasing') return status;
            const txid = (a.settlement as unknown as { txid: never }).txid;
            return settlementTxid
              ? `${status} AND ${op.eq(txid, settlementTxid as never)}`
              : `${status} AND ${op.notExists(a.settlement)}`;
          })
          .go(),
      );
    },

    recordSettlement(orderId, status, previousTxid, settlement) {
      return conditionally(() =>
        order
          .patch({ orderId })
          .set({ settlement, settlementTxid: settlement.txid, updatedAt: settlement.submittedAt })
          .where(
            (a, op) =>
              `${op.eq(a.status, status)} AND ${
                previousTxid ? op.eq(a.settlementTxid, previousTxid) : op.notExists(a.settlementTxid)
              }`,
          )
          .go(),
      );
    },

    markCompleted(read, ledgerIndex, at) {
      return withBucketAsStored(read, async (o) => {
        const result = await transactWithRetry(() =>
          db.transaction
            .write(({ order: orders, escrowCount }) => [
              ended(orders, o, 'completed', ledgerIndex, at),
              ...(o.fundedAt ? countMoves(escrowCount, o.escrowBucket, 'completed') : []),
            ])
            .go(),
        );
        if (!result.canceled) return true;
        if (result.data[0]?.code === 'ConditionalCheckFailed') return false;
        throw new Error(`completing order ${o.orderId} cancelled: ${cancelReasons(result)}`);
      });
    },

    markRefunded(read, ledgerIndex, at) {
      return withBucketAsStored(read, async (o) => {
        // Units go back to listings that are still for sale; a listing edited or sold out meanwhile is read again.
        for (let attempt = 0; attempt < 5; attempt++) {
          const units = [...unitsByListing(o)];
          const listings = await db.entities.listing
            .get(units.map(([listingId]) => ({ listingId })))
            .go({ consistent: true, attributes: ['listingId', 'status', 'quantitySold'] });
          const active = new Set(listings.data.filter((l) => l.status === 'active').map((l) => l.listingId as string));
          const result = (await db.transaction
            .write(({ order: orders, listing, escrowCount }) => [
              ended(orders, o, 'refunded', ledgerIndex, at),
              ...(o.fundedAt ? countMoves(escrowCount, o.escrowBucket, 'cancelled') : []),
              ...units
                .filter(([listingId]) => active.has(listingId))
                .map(([listingId, quantity]) =>
                  listing
                    .update({ listingId })
                    .subtract({ quantitySold: quantity })
                    .where((a, op) => `${op.eq(a.status, 'active')} AND ${op.gte(a.quantitySold, quantity)}`)
                    .commit(),
                ),
            ])
            .go()) as TransactResult;
          if (!result.canceled) return true;
          if (result.data[0]?.code === 'ConditionalCheckFailed') return false;
        }
        throw new Error(`refunding order ${o.orderId}: its listings kept changing`);
      });
    },

    noteShipByNotice(orderId, at) {
      return conditionally(() =>
        order
          .patch({ orderId })
          .set({ shipByNoticeAt: at })
          .where((a, op) => `${op.eq(a.status, 'funded')} AND ${op.notExists(a.shipByNoticeAt)}`)
          .go(),
      );
    },

    async dueIn(status, before, limit) {
      const { data } = await order.query.byStatusDeadline({ status }).lt({ deadline: before }).go({ limit });
      return (data as StoredOrder[]).map(toRecord);
    },

    byBuyer(buyerId, after, limit) {
      return page(order.query.byBuyer({ buyerId }) as never, after, limit);
    },

    async unpaidOrders(buyerId, since, scope) {
      const { data } = await order.query
        .byBuyer({ buyerId })
        .gte({ createdAt: since })
        .where(
          (a, op) =>
            `${scope === 'auctions' ? `${op.exists(a.auction)} AND ` : ''}(${op.eq(a.status, 'awaiting_payment')} OR ` +
            `${op.eq(a.status, 'awaiting_signature')} OR ${op.eq(a.status, 'submitting')})`,
        )
        .go({ order: 'desc', pages: 'all' });
      return (data as StoredOrder[]).map(toRecord);
    },

    bySeller(sellerId, after, limit) {
      return page(order.query.bySeller({ sellerId }) as never, after, limit);
    },

    async lapsedReservations(now, limit) {
      const held = await Promise.all(
        (['awaiting_signature', 'submitting'] as const).map((status) =>
          order.query.byStatusDeadline({ status }).lt({ deadline: now }).go({ limit }),
        ),
      );
      return held
        .flatMap((r) => (r.data as StoredOrder[]).map(toRecord))
        .sort((a, b) => a.reservationExpiresAt.localeCompare(b.reservationExpiresAt))
        .slice(0, limit);
    },
  };
}
