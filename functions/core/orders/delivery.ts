import { TRACK_BATCH_MAX, type Carrier } from '../shipping/carrier-port';
import type { OrderRecord } from './order';
import { deliveredToBuyer } from './parcel-evidence';
import { releaseDueAt, type ProtectionSettings } from './protection';
import { beginRelease, settle, type SettlementDeps } from './settlement';

export interface DeliveryDeps extends SettlementDeps {
  carrier: Pick<Carrier, 'track'>;
  /** Shipped orders, oldest first, a page at a time. */
  shipped(cursor: string | null, limit: number): Promise<{ orders: OrderRecord[]; cursor: string | null }>;
  /** The orders whose parcels carry these tracking numbers. */
  byTracking(trackingNumbers: readonly string[]): Promise<OrderRecord[]>;
  /** shipped -> delivered, with the carrier's delivery time and when its escrow is released. */
  markDelivered(order: OrderRecord, deliveredAt: string, releaseDueAt: string, at: string): Promise<boolean>;
  protection: ProtectionSettings;
}

export interface DeliveryRun {
  checked: number;
  carrierCalls: number;
  delivered: number;
  released: number;
}

/**
 * Asks the carrier about these shipped orders (at most 30 numbers a call) and marks the delivered ones: their escrow is
 * released when the inspection period ends (by the settlement schedule), at once when there is none.
 */
export async function checkParcels(orders: readonly OrderRecord[], deps: DeliveryDeps): Promise<DeliveryRun> {
  const run: DeliveryRun = { checked: 0, carrierCalls: 0, delivered: 0, released: 0 };
  const shipped = orders.filter((o) => o.status === 'shipped' && o.shipment.trackingNumber);
  for (let i = 0; i < shipped.length; i += TRACK_BATCH_MAX) {
    const batch = shipped.slice(i, i + TRACK_BATCH_MAX);
    const results = await deps.carrier.track(batch.map((o) => o.shipment.trackingNumber!));
    run.carrierCalls++;
    run.checked += batch.length;
    for (const [j, order] of batch.entries()) {
      const deliveredAt = deliveredToBuyer(results[j], order);
      if (!deliveredAt) continue;
      run.delivered++;
      const now = deps.clock.now();
      const dueAt = releaseDueAt(order, deliveredAt, deps.protection);
      if (!(await deps.markDelivered(order, deliveredAt, dueAt, now.toISOString()))) continue;
      const delivered = await deps.orders.get(order.orderId);
      if (delivered) await deps.events.changed(delivered, now);
      if (Date.parse(dueAt) > now.getTime()) continue;
      if (!delivered || !(await beginRelease(delivered, 'delivered', deps))) continue;
      const releasing = await deps.orders.get(order.orderId);
      try {
        if (releasing && (await settle(releasing, deps)) === 'completed') run.released++;
      } catch (error) {
        // Recorded as releasing: the settlement schedule follows it to the ledger's answer.
        deps.log.warn('release continues in the background', { orderId: order.orderId, error: String(error) });
      }
    }
  }
  return run;
}
