import { isTestParcelClaim } from '../../core/admin-tools/test-parcels';
import { holdEnd, type OrderRecord, type Shipment } from '../../core/orders/order';
import type { ShipmentRepository } from '../../core/orders/ship-order';
import { conditionally } from './conditional';
import { toRecord, type StoredOrder } from './order-store';
import type { Db } from './service';
import { cancelReasons, type TransactResult } from './transact';

/**
 * funded -> shipped with the parcel, its tracking number claimed for this order in the same transaction; a label
 * bought here is recorded with it, conditional on its purchase being under way (order-label-store.ts).
 */
export async function shipWithClaim(
  db: Db,
  o: OrderRecord,
  shipment: Shipment,
  at: string,
  label?: Pick<StoredOrder, 'label'>,
): Promise<'ok' | 'taken' | 'changed'> {
  const number = shipment.trackingNumber!;
  const result = (await db.transaction
    .write(({ trackingClaim: claim, order: orders }) => [
      claim.create({ trackingNumber: number, orderId: o.orderId, claimedAt: at }).commit(),
      orders
        .patch({ orderId: o.orderId })
        .set({
          ...(label && { label: label.label, labelStatus: label.label!.status }),
          status: 'shipped',
          shipment,
          trackingNumber: number,
          updatedAt: at,
          deadline: o.escrow.cancelAfter,
        })
        .where((a, op) =>
          label ? `${op.eq(a.status, 'funded')} AND ${op.eq(a.labelStatus, 'buying')}` : op.eq(a.status, 'funded'),
        )
        .commit(),
    ])
    .go()) as TransactResult;
  if (!result.canceled) return 'ok';
  if (result.data[1]?.code === 'ConditionalCheckFailed') return 'changed';
  if (result.data[0]?.code === 'ConditionalCheckFailed') return 'taken';
  throw new Error(`shipping order ${o.orderId} cancelled: ${cancelReasons(result)}`);
}

/** Parcels of orders: the tracking number claimed with the shipment, shipped orders for the delivery check. */
export function orderShipmentStore(db: Db): ShipmentRepository & {
  shipped(cursor: string | null, limit: number): Promise<{ orders: OrderRecord[]; cursor: string | null }>;
  byTracking(trackingNumbers: readonly string[]): Promise<OrderRecord[]>;
  markDelivered(order: OrderRecord, deliveredAt: string, releaseDueAt: string, at: string): Promise<boolean>;
} {
  const { order, trackingClaim } = db.entities;
  return {
    markShipped: (o, shipment, at) => shipWithClaim(db, o, shipment, at),
    async shipped(cursor, limit) {
      const page = await order.query.byStatusDeadline({ status: 'shipped' }).go({ cursor, limit });
      return { orders: (page.data as StoredOrder[]).map(toRecord), cursor: page.cursor };
    },
    async byTracking(trackingNumbers) {
      if (trackingNumbers.length === 0) return [];
      const claims = await trackingClaim.get(trackingNumbers.map((trackingNumber) => ({ trackingNumber }))).go();
      // A tool's test parcel is never an order's (decision 066): its claim names no order to release.
      const ids = [...new Set(claims.data.map((c) => c.orderId).filter((id) => !isTestParcelClaim(id)))];
      if (ids.length === 0) return [];
      const orders = await order.get(ids.map((orderId) => ({ orderId }))).go({ consistent: true });
      return (orders.data as StoredOrder[]).map(toRecord);
    },
    markDelivered(o, deliveredAt, releaseDueAt, at) {
      return conditionally(() =>
        order
          .patch({ orderId: o.orderId })
          .set({
            status: 'delivered',
            shipment: { ...o.shipment, status: 'delivered', deliveredAt },
            releaseDueAt,
            // The settlement schedule releases it from then (decision 052); an open dispute keeps its own end.
            deadline: holdEnd(o) ?? releaseDueAt,
            updatedAt: at,
          })
          .where(
            (a, op) =>
              `${op.eq(a.status, 'shipped')} AND ${holdEnd(o) ? op.eq(a.releaseHold, 'dispute') : op.notExists(a.releaseHold)}`,
          )
          .go(),
      );
    },
  };
}
