import type { OrderRecord } from '../../core/orders/order';
import type { EscrowBucket } from '../../../shared/domain/escrow-monitor';
import type { TransactionEntities } from './listing-close';

type CountedBucket = 'pending' | 'completed' | 'cancelled';
type OrderBucket = Pick<OrderRecord, 'fundedAt' | 'escrowBucket'>;

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
export function holdMove(o: OrderBucket, bucket: 'pending' | 'held') {
  return o.escrowBucket ? inBucket(o, bucket) : {};
}

/** The counter writes of a hold's move (with `holdMove`'s write, in one transaction): none for an unbucketed read. */
export function holdCounts(
  escrowCount: TransactionEntities['escrowCount'],
  o: OrderBucket,
  bucket: 'pending' | 'held',
) {
  return o.escrowBucket ? countMoves(escrowCount, o.escrowBucket, bucket) : [];
}

/**
 * The condition that keeps the counters exact under a hold's move: the bucket is still the one the counts were taken
 * from (a bucketed read), or still none (the backfill counts it when it gives it one).
 */
export function bucketAsRead(
  o: OrderBucket,
  a: { escrowBucket: unknown },
  op: { eq(x: unknown, v: unknown): string; notExists(x: unknown): string },
): string {
  return o.escrowBucket ? op.eq(a.escrowBucket, o.escrowBucket) : op.notExists(a.escrowBucket);
}

const counted = (b: EscrowBucket | undefined): CountedBucket | undefined => (b === 'held' ? 'pending' : b);

/**
 * The counter writes that go in the same transaction as a status change or a hold's move. Held orders count as pending
 * too (a hold pauses an open escrow) and have their own counter besides, so the monitor never reads the held orders to
 * count them. An order that was never in a bucket only adds to its new one.
 */
export function countMoves(
  escrowCount: TransactionEntities['escrowCount'],
  from: EscrowBucket | undefined,
  to: EscrowBucket,
) {
  const source = counted(from);
  const target = counted(to)!;
  const moves = [];
  if (source !== target) {
    if (source) moves.push(escrowCount.update({ bucket: source }).subtract({ count: 1 }).commit());
    moves.push(escrowCount.update({ bucket: target }).add({ count: 1 }).commit());
  }
  if (from === 'held' && to !== 'held')
    moves.push(escrowCount.update({ bucket: 'held' }).subtract({ count: 1 }).commit());
  if (to === 'held' && from !== 'held') moves.push(escrowCount.update({ bucket: 'held' }).add({ count: 1 }).commit());
  return moves;
}
