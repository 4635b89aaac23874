import { TRACK_BATCH_MAX, type Carrier } from '../shipping/carrier-port';
import type { OrderRecord } from './order';
import { deliveredToBuyer } from './parcel-evidence';
import { beginRelease, settle, type SettlementDeps } from './settlement';

export interface DeliveryDeps extends SettlementDeps {
  carrier: Pick<Carrier, 'track'>;
  /** Shipped orders, oldest first, a page at a time. */
  shipped(cursor: string | null, limit: number): Promise<{ orders: OrderRecord[]; cursor: string | null }>;
  /** The orders whose parcels carry these tracking numbers. */
  byTracking(trackingNumbers: readonly string[]): Promise<OrderRecord[]>;
  /** Notes what the carrier last said of the parcel (delivered time once it is delivered). */
  recordDelivery(order: OrderRecord, deliveredAt: string, at: string): Promise<boolean>;
}

export interface DeliveryRun {
  checked: number;
  carrierCalls: number;
  delivered: number;
  released: number;
}

/** Asks the carrier about these shipped orders (at most 30 numbers a call) and releases every delivered one. */
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
      const at = deps.clock.now().toISOString();
      await deps.recordDelivery(order, deliveredAt, at);
      if (!(await beginRelease(order, 'delivered', deps))) continue;
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
