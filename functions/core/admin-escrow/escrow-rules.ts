import type { EscrowBucket, EscrowFilter } from '../../../shared/domain/escrow-monitor';
import { ESCROW_OPEN, type OrderRecord, type OrderStatus } from '../orders/order';
import type { MonitoredOrder } from './ports';

/**
 * How long past its deadline an escrow may wait before it counts as stuck (decision 065): the settlement schedule
 * runs every minute and a settlement waits a ledger close or two, so a quarter of an hour is well past a normal run.
 */
export const STUCK_GRACE_MS = 15 * 60_000;

/** Statuses the settlement schedule moves on by deadline; `releasing` is followed whatever its deadline. */
export const STUCK_BY_DEADLINE: readonly OrderStatus[] = [...ESCROW_OPEN, 'refunding'];

/** The monitor's bucket of an order whose item carries none (funded before decision 065). */
export function bucketOf(o: OrderRecord): EscrowBucket | null {
  if (o.escrowBucket) return o.escrowBucket;
  if (o.status === 'completed') return 'completed';
  if (o.status === 'refunded') return 'cancelled';
  if (o.releaseHold) return 'held';
  return o.fundedAt || o.escrowCreate?.ledgerIndex ? 'pending' : null;
}

/**
 * Stuck: an escrow the settlement schedule should have moved on and hasn't: open or refunding past its deadline, or a
 * release under way for longer than the grace.
 */
export function isStuck({ order, deadline }: MonitoredOrder, now: Date): boolean {
  const late = now.getTime() - STUCK_GRACE_MS;
  if (order.status === 'releasing') return Date.parse(order.updatedAt) < late;
  return STUCK_BY_DEADLINE.includes(order.status) && Date.parse(deadline) < late;
}

/** Whether a row belongs under a filter (null: every bucket). */
export function matchesFilter(m: MonitoredOrder, filter: EscrowFilter | null, now: Date): boolean {
  if (!filter) return bucketOf(m.order) !== null;
  if (filter === 'stuck') return isStuck(m, now);
  return bucketOf(m.order) === filter;
}

/** Newest funding first, then by id so equal times keep one order. */
export function newestFirst(a: MonitoredOrder, b: MonitoredOrder): number {
  const at = (m: MonitoredOrder) => m.order.fundedAt ?? m.order.createdAt;
  return at(b).localeCompare(at(a)) || b.order.orderId.localeCompare(a.order.orderId);
}

export interface TimelineEntry {
  at: string;
  label: string;
}

/** The order's dated steps, oldest first. */
export function timelineOf(o: OrderRecord): TimelineEntry[] {
  const steps: [string | null | undefined, string][] = [
    [o.createdAt, 'Order placed'],
    [o.fundedAt, 'Escrow funded'],
    [o.shipment.shippedAt, 'Shipped'],
    [o.shipment.deliveredAt, 'Delivered'],
    [o.dispute?.openedAt, 'Dispute opened'],
    [o.settlement?.submittedAt, o.settlement?.kind === 'cancel' ? 'Refund submitted' : 'Release submitted'],
    [o.completedAt, 'Released to the seller'],
    [o.refundedAt, 'Refunded to the buyer'],
    [o.cancelledAt, 'Cancelled'],
  ];
  return steps
    .filter((s): s is [string, string] => Boolean(s[0]))
    .map(([at, label]) => ({ at, label }))
    .sort((a, b) => a.at.localeCompare(b.at));
}

export interface LedgerTransaction {
  kind: 'EscrowCreate' | 'Payment' | 'EscrowFinish' | 'EscrowCancel';
  txid: string;
}

/** The order's transactions on the ledger: the escrow, the seller's fee, and its finish or cancel. */
export function ledgerTransactionsOf(o: OrderRecord): LedgerTransaction[] {
  return [
    ...(o.escrowCreate ? [{ kind: 'EscrowCreate' as const, txid: o.escrowCreate.txid }] : []),
    ...(o.fee?.txid ? [{ kind: 'Payment' as const, txid: o.fee.txid }] : []),
    ...(o.settlement?.txid
      ? [
          {
            kind: o.settlement.kind === 'finish' ? ('EscrowFinish' as const) : ('EscrowCancel' as const),
            txid: o.settlement.txid,
          },
        ]
      : []),
  ];
}
