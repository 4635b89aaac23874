import type { EscrowBackfillStore } from '../../core/admin-escrow/backfill-escrow-buckets';
import { conditionally } from './conditional';
import { countMoves, inBucket } from './escrow-buckets';
import { orderStore, toRecord, type StoredOrder } from './order-store';
import type { Db } from './service';
import { cancelReasons, transactWithRetry } from './transact';

const JOB = 'backfill-escrow-buckets';
/** Items of the table (of every kind) one page reads: what bounds a page's cost, whatever it finds. */
export const BACKFILL_PAGE_ITEMS = 250;

/**
 * The escrow monitor's backfill (decision 065) over the table: one pass of a scan (a scan's order is by key, so an
 * order whose status changes keeps its place in it), its place kept in a `jobCursor` item.
 */
export function escrowBackfillStore(db: Db): EscrowBackfillStore {
  const { order, jobCursor } = db.entities;
  const orders = orderStore(db);
  return {
    async progress() {
      const { data } = await jobCursor.get({ job: JOB }).go({ consistent: true });
      return data ? { cursor: data.cursor ?? null, changed: data.changed, doneAt: data.doneAt ?? null } : null;
    },

    async page(cursor) {
      const { data, cursor: next } = await order.scan
        .where((a, op) => `${op.exists(a.fundedAt)} AND ${op.notExists(a.escrowBucket)}`)
        .go({ cursor, limit: BACKFILL_PAGE_ITEMS });
      return { orders: (data as StoredOrder[]).map(toRecord), next: next ?? null };
    },

    advance(from, to) {
      return conditionally(() =>
        jobCursor
          .put({
            job: JOB,
            changed: to.changed,
            updatedAt: new Date().toISOString(),
            ...(to.cursor && { cursor: to.cursor }),
            ...(to.doneAt && { doneAt: to.doneAt }),
          })
          .where((a, op) =>
            from
              ? `${op.notExists(a.doneAt)} AND ${from.cursor ? op.eq(a.cursor, from.cursor) : op.notExists(a.cursor)}`
              : op.notExists(a.job),
          )
          .go(),
      );
    },

    async addToBucket(o, bucket) {
      const result = await transactWithRetry(() =>
        db.transaction
          .write(({ order: stored, escrowCount }) => [
            stored
              .patch({ orderId: o.orderId })
              .set(inBucket(o, bucket))
              .where(
                (a, op) =>
                  `${op.notExists(a.escrowBucket)} AND ${op.eq(a.status, o.status)} AND ` +
                  (o.releaseHold ? op.eq(a.releaseHold, o.releaseHold) : op.notExists(a.releaseHold)),
              )
              .commit(),
            ...countMoves(escrowCount, undefined, bucket),
          ])
          .go(),
      );
      if (!result.canceled) return true;
      if (result.data[0]?.code === 'ConditionalCheckFailed') return false;
      throw new Error(`order ${o.orderId} not added to the escrow monitor: ${cancelReasons(result)}`);
    },

    get: (orderId) => orders.get(orderId),
  };
}
