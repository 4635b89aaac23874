import type { OrderRecord } from './order';

/**
 * Buyer protection after delivery (decision 052): a shipped order's escrow is released when the inspection period
 * after the carrier's delivery ends, and never later than CancelAfter minus the release margin, so a release the
 * ledger is slow to take still lands before the ledger would only allow a cancel.
 */
export interface ProtectionSettings {
  /** Hours after delivery before the escrow is released; 0 releases on delivery. */
  inspectionHours: number;
  /** Hours before CancelAfter by which every release and every hold ends. */
  releaseMarginHours: number;
}

export const DEFAULT_PROTECTION: ProtectionSettings = { inspectionHours: 48, releaseMarginHours: 12 };

/** Business days a parcel is taken to travel when its service gives no estimate (ground's longest). */
export const DEFAULT_TRANSIT_BUSINESS_DAYS = 5;

const HOUR_MS = 3_600_000;

/** The last moment a release may be started: CancelAfter minus the margin. Every hold ends by then. */
export function releaseDeadline(order: Pick<OrderRecord, 'escrow'>, s: ProtectionSettings): string {
  return new Date(Date.parse(order.escrow.cancelAfter) - s.releaseMarginHours * HOUR_MS).toISOString();
}

/** When a parcel delivered at `deliveredAt` has its escrow released: after the inspection period, capped. */
export function releaseDueAt(order: Pick<OrderRecord, 'escrow'>, deliveredAt: string, s: ProtectionSettings): string {
  const inspected = Date.parse(deliveredAt) + s.inspectionHours * HOUR_MS;
  return new Date(Math.min(inspected, Date.parse(releaseDeadline(order, s)))).toISOString();
}

/** The business days the order's service says its parcel travels ('3 business days'), else the default. */
export function transitBusinessDays(estimatedDays: string | null): number {
  const m = /^(\d{1,2}) business days?$/.exec(estimatedDays ?? '');
  return m ? Number(m[1]) : DEFAULT_TRANSIT_BUSINESS_DAYS;
}

function minusBusinessDays(at: Date, days: number): Date {
  const d = new Date(at);
  for (let left = days; left > 0;) {
    d.setUTCDate(d.getUTCDate() - 1);
    const weekday = d.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return d;
}

/**
 * The latest day (YYYY-MM-DD, UTC) a shipped order's parcel can go out and still be delivered and inspected before the
 * release deadline, by its service's transit estimate; null for a local pickup. It may be the funding day itself.
 */
export function shipBy(order: Pick<OrderRecord, 'escrow' | 'shipping'>, s: ProtectionSettings): string | null {
  if (order.shipping.fulfilment !== 'ship') return null;
  const inspected = new Date(Date.parse(releaseDeadline(order, s)) - s.inspectionHours * HOUR_MS);
  return minusBusinessDays(inspected, transitBusinessDays(order.shipping.estimatedDays)).toISOString().slice(0, 10);
}
