import type { OrderRecord } from '../../core/orders/order';
import type { EscrowBucket } from '../../../shared/domain/escrow-monitor';
import type { TransactionEntities } from './listing-close';

type CountedBucket = 'pending' | 'completed' | 'cancelled';

/**
 * The order's move to a monitor bucket (decision 065), written with its status: the bucket and its funding time (the
 * monitor index's sort key) together. An order funded before the monitor existed has no funding time and stays out.
 */
export function inBucket(o: Pick<OrderRecord, 'fundedAt'>, bucket: EscrowBucket) {
  return o.fundedAt ? { escrowBucket: bucket, fundedAt: o.fundedAt } : {};
}

/**
 * A hold's move between pending and held (a dispute's or a return's write). An order read without a bucket (funded
 * before decision 065, not counted yet) is left to the backfill, which counts it as it gives it one: given one here,
 * uncounted, the counter would lose it when it ends.
 */
export function holdMove(o: Pick<OrderRecord, 'fundedAt' | 'escrowBucket'>, bucket: 'pending' | 'held') {
  return o.escrowBucket ? inBucket(o, bucket) : {};
}

const counted = (b: EscrowBucket | undefined): CountedBucket | undefined => (b === 'held' ? 'pending' : b);

/**
 * The counter writes that go in the same transaction as a status change (held orders count as pending: a hold pauses
 * an open escrow). An order that was never in a bucket only adds to its new one.
 */
export function countMoves(
  escrowCount: TransactionEntities['escrowCount'],
  from: EscrowBucket | undefined,
  to: EscrowBucket,
) {
  const source = counted(from);
  const target = counted(to)!;
  if (source === target) return [];
  return [
    ...(source ? [escrowCount.update({ bucket: source }).subtract({ count: 1 }).commit()] : []),
    escrowCount.update({ bucket: target }).add({ count: 1 }).commit(),
  ];
}
