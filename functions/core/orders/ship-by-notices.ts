import type { OrderRecord } from './order';
import type { OrderRepository } from './order-store';
import { shipBy, type ProtectionSettings } from './protection';

export interface ShipByEvents {
  /** The seller is told the order must ship by the end of `day` (YYYY-MM-DD, UTC). */
  shipByDue(order: OrderRecord, day: string, at: Date): Promise<void>;
}

export interface ShipByNoticeDeps {
  orders: Pick<OrderRepository, 'dueIn' | 'noteShipByNotice'>;
  protection: ProtectionSettings;
  shipByEvents: ShipByEvents;
}

/** Funded orders a run looks at, the soonest CancelAfter first: those are the ones whose ship-by day comes first. */
const BATCH = 100;
const DAY_MS = 86_400_000;

/**
 * The seller of a funded order still to ship hears a day before its ship-by day ends (decision 052): once, as the
 * order notes it in a conditional write before the notice goes out. Any order whose day is that close is due, so
 * a run that was missed catches up at the next.
 */
export async function shipByNotices(at: Date, deps: ShipByNoticeDeps): Promise<number> {
  // Every funded order's ship-by day ends before its CancelAfter: reading them soonest first finds the due ones.
  const horizon = new Date(at.getTime() + 30 * DAY_MS).toISOString();
  let told = 0;
  for (const order of await deps.orders.dueIn('funded', horizon, BATCH)) {
    const day = shipBy(order, deps.protection);
    if (!day || order.shipByNoticeAt || order.shipment.trackingNumber) continue;
    // A day before the ship-by day ends: from its start (UTC).
    if (Date.parse(`${day}T00:00:00.000Z`) > at.getTime()) continue;
    if (!(await deps.orders.noteShipByNotice(order.orderId, at.toISOString()))) continue;
    await deps.shipByEvents.shipByDue(order, day, at);
    told++;
  }
  return told;
}
