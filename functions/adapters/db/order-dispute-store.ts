import type { DisputeRepository } from '../../core/disputes/ports';
import type { OrderRecord } from '../../core/orders/order';
import { conditionally } from './conditional';
import { bucketAsRead, holdCounts, holdMove } from './escrow-buckets';
import { refunding, toRecord, type StoredOrder } from './order-store';
import type { Db } from './service';
import { cancelReasons, transactWithRetry, type TransactResult } from './transact';

/** The admin case index's keys while a dispute is open (decision 068): set by opening, removed by every end. */
const queued = (dispute: { endsAt: string }) => ({ disputeQueue: 'open' as const, disputeEndsAt: dispute.endsAt });
const DEQUEUED = ['disputeQueue', 'disputeEndsAt'] as const;

/**
 * A dispute's writes to its order item (decision 053): the dispute itself and, while it is open, `releaseHold`, which
 * every release's condition requires to be absent. Each write is conditional on the status as read and on the hold.
 */
export function orderDisputeStore(db: Db): DisputeRepository {
  const { order } = db.entities;
  /** A hold's move with its counters (decision 065): true when written, false when a condition did not hold. */
  async function holdWrite(o: OrderRecord, writes: Parameters<Db['transaction']['write']>[0]): Promise<boolean> {
    const result = await transactWithRetry(() => db.transaction.write(writes).go() as Promise<TransactResult>);
    if (!result.canceled) return true;
    if (result.data.some((d) => d?.code === 'ConditionalCheckFailed')) return false;
    throw new Error(`dispute write of order ${o.orderId} not made: ${cancelReasons(result)}`);
  }
  return {
    async get(orderId) {
      const { data } = await order.get({ orderId }).go({ consistent: true });
      return data ? toRecord(data as StoredOrder) : null;
    },

    open(o, dispute, at) {
      return holdWrite(o, ({ order: orders, escrowCount }) => [
        orders
          .patch({ orderId: o.orderId })
          .set({
            dispute,
            releaseHold: 'dispute',
            deadline: dispute.endsAt,
            updatedAt: at,
            ...holdMove(o, 'held'),
            ...queued(dispute),
          })
          // A new dispute (after one withdrawn) starts with no answers.
          .remove(['disputeAnswers'])
          .where(
            (a, op) => `${op.eq(a.status, o.status)} AND ${op.notExists(a.releaseHold)} AND ${bucketAsRead(o, a, op)}`,
          )
          .commit(),
        ...holdCounts(escrowCount, o, 'held'),
      ]);
    },

    withdraw(o, dispute, deadline, at) {
      return holdWrite(o, ({ order: orders, escrowCount }) => [
        orders
          .patch({ orderId: o.orderId })
          .set({ dispute, deadline, updatedAt: at, ...holdMove(o, 'pending') })
          .remove(['releaseHold', ...DEQUEUED])
          .where(
            (a, op) =>
              `${op.eq(a.status, o.status)} AND ${op.eq(a.releaseHold, 'dispute')} AND ${bucketAsRead(o, a, op)}`,
          )
          .commit(),
        ...holdCounts(escrowCount, o, 'pending'),
      ]);
    },

    refund(o, dispute, reason, at) {
      return holdWrite(o, ({ order: orders, escrowCount }) => [
        orders
          .patch({ orderId: o.orderId })
          .set({ ...refunding(o, reason, at), dispute, ...holdMove(o, 'pending') })
          .remove(['releaseHold', ...DEQUEUED])
          .where(
            (a, op) =>
              `${op.eq(a.status, o.status)} AND ${op.eq(a.releaseHold, 'dispute')} AND ${bucketAsRead(o, a, op)}`,
          )
          .commit(),
        ...holdCounts(escrowCount, o, 'pending'),
      ]);
    },

    respond(o, dispute, answered, at) {
      return conditionally(() =>
        order
          .patch({ orderId: o.orderId })
          .set({ dispute, disputeAnswers: answered + 1, updatedAt: at })
          .where(
            (a, op) =>
              `${op.eq(a.status, o.status)} AND ${op.eq(a.releaseHold, 'dispute')} AND ${
                answered === 0 ? op.notExists(a.disputeAnswers) : op.eq(a.disputeAnswers, answered)
              }`,
          )
          .go(),
      );
    },

    release(o, dispute, at) {
      return holdWrite(o, ({ order: orders, escrowCount }) => [
        orders
          .patch({ orderId: o.orderId })
          .set({
            status: 'releasing',
            releaseReason: 'dispute_released',
            dispute,
            deadline: at,
            updatedAt: at,
            ...holdMove(o, 'pending'),
          })
          .remove(['releaseHold', ...DEQUEUED])
          .where(
            (a, op) =>
              `${op.eq(a.status, o.status)} AND ${op.eq(a.releaseHold, 'dispute')} AND ${bucketAsRead(o, a, op)}`,
          )
          .commit(),
        ...holdCounts(escrowCount, o, 'pending'),
      ]);
    },
  };
}
