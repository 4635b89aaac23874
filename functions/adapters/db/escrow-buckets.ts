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
 * The counter writes that go in the same transaction as a status change (held orders count as pending: a hold pauses
 * an open escrow). An order that was never in a bucket only adds to its new one.
 */
export function countMoves(
  escrowCount: TransactionEntities['escrowCount'],
  from: EscrowBucket | undefined,
  to: CountedBucket,
) {
  const counted = (b: EscrowBucket | undefined): CountedBucket | undefined => (b === 'held' ? 'pending' : b);
  const source = counted(from);
  if (source === to) return [];
  return [
    ...(source ? [escrowCount.update({ bucket: source }).subtract({ count: 1 }).commit()] : []),
    escrowCount.update({ bucket: to }).add({ count: 1 }).commit(),
  ];
}
