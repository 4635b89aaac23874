import type { EscrowBucket, EscrowFilter } from '../../../shared/domain/escrow-monitor';
import { ESCROW_OPEN, type DriftKind, type OrderRecord, type OrderStatus } from '../orders/order';
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

/** What the monitor says the reconcile job found. */
export const DRIFT_TEXT: Record<DriftKind, string> = {
  escrow_create_missing: 'Funded, but its EscrowCreate is not on record',
  escrow_gone: 'The escrow is gone from the ledger with no known finish or cancel',
};

/** An escrow the settlement schedule should have moved on and hasn't. */
function isLate({ order, deadline }: MonitoredOrder, now: Date): boolean {
  const late = now.getTime() - STUCK_GRACE_MS;
  if (order.status === 'releasing') return Date.parse(order.updatedAt) < late;
  return STUCK_BY_DEADLINE.includes(order.status) && Date.parse(deadline) < late;
}

/**
 * Stuck: open or refunding past its deadline, or a release under way for longer than the grace, or found drifting
 * from the ledger by the reconcile job (marked on the order until a later run or its settlement finds it consistent).
 */
export function isStuck(m: MonitoredOrder, now: Date): boolean {
  return Boolean(m.order.drift) || isLate(m, now);
}

/**
 * Whether the settlement's own step can end a stuck escrow (Retry Settlement is offered). Not a drifted one, with one
 * exception: an escrow gone while our recorded finish or cancel was under way, since resubmitting that transaction
 * gets the ledger's first answer to it. An escrow never recorded, or gone to someone else's transaction, needs a
 * person; retrying would only start a refund the ledger cannot carry out.
 */
export function isRetryable(m: MonitoredOrder, now: Date): boolean {
  const { order } = m;
  if (!order.drift) return isLate(m, now);
  return (
    order.drift.kind === 'escrow_gone' &&
    (order.status === 'releasing' || order.status === 'refunding') &&
    order.settlement !== null
  );
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
