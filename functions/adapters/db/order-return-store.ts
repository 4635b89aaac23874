import { ElectroError } from 'electrodb';
import { NEVER, type ReturnChange, type ReturnRecord, type ReturnRepository } from '../../core/returns/ports';
import { BadRequestError } from '../../lib/errors';
import { conditionally } from './conditional';
import { bucketAsRead, holdCounts, holdMove } from './escrow-buckets';
import { refunding } from './order-store';
import type { Db } from './service';
import { cancelReasons, transactWithRetry, type TransactResult } from './transact';

type StoredReturn = Omit<ReturnRecord, OptionalKeys> & { [K in OptionalKeys]?: NonNullable<ReturnRecord[K]> };
type OptionalKeys =
  | 'imageKey'
  | 'decidedAt'
  | 'sellerNote'
  | 'returnTo'
  | 'shipBackBy'
  | 'trackingNumber'
  | 'shippedAt'
  | 'deliveredBackAt'
  | 'refundDueBy'
  | 'refundSigning'
  | 'refundTxid'
  | 'refundedAt'
  | 'escalatedAt'
  | 'resolution';

const OPTIONAL: readonly OptionalKeys[] = [
  'imageKey',
  'decidedAt',
  'sellerNote',
  'returnTo',
  'shipBackBy',
  'trackingNumber',
  'shippedAt',
  'deliveredBackAt',
  'refundDueBy',
  'refundSigning',
  'refundTxid',
  'refundedAt',
  'escalatedAt',
  'resolution',
];

function toReturn(s: StoredReturn): ReturnRecord {
  const r = { ...s } as Record<string, unknown>;
  delete r.refundSigningUuid;
  for (const k of OPTIONAL) r[k] ??= null;
  return r as unknown as ReturnRecord;
}

/** Nulls are left out of the item (ElectroDB writes no null). */
const stored = (c: ReturnChange | ReturnRecord) =>
  Object.fromEntries(Object.entries(c).filter(([, v]) => v !== null && v !== undefined));

/** The index keys' parts a change leaves as they are (ElectroDB formats every key a changed part belongs to). */
const keyParts = (ret: ReturnRecord, change: ReturnChange) => ({
  sellerId: ret.sellerId,
  ...(change.stage === undefined && { stage: ret.stage }),
  ...(change.dueAt === undefined && { dueAt: ret.dueAt }),
});

/** How the return tells the tracking claim apart from its order's own parcel (the delivery webhook ignores it). */
const RETURN_CLAIM = 'return#';
export const returnClaimId = (orderId: string) => `${RETURN_CLAIM}${orderId}`;

/**
 * Returns (decision 054): each write is conditional on the stage as read. Before release the order's hold changes with
 * the return in one transaction (its item last, so a failed condition on it reads as "the order changed").
 */
export function orderReturnStore(db: Db): ReturnRepository {
  const { orderReturn } = db.entities;
  return {
    async get(orderId) {
      const { data } = await orderReturn.get({ orderId }).go({ consistent: true });
      return data ? toReturn(data as StoredReturn) : null;
    },

    async create(record, o, holdUntil) {
      const item = stored(record) as Parameters<typeof orderReturn.create>[0];
      if (record.case === 'after_release') {
        return conditionally(() => orderReturn.create(item).go());
      }
      const result = await transactWithRetry(
        () =>
          db.transaction
            .write(({ orderReturn: ret, order, escrowCount }) => [
              ret.create(item).commit(),
              order
                .patch({ orderId: o.orderId })
                .set({
                  releaseHold: 'return',
                  deadline: holdUntil,
                  updatedAt: record.requestedAt,
                  ...holdMove(o, 'held'),
                })
                .where(
                  (a, op) =>
                    `${op.eq(a.status, 'delivered')} AND ${op.notExists(a.releaseHold)} AND ${bucketAsRead(o, a, op)}`,
                )
                .commit(),
              ...holdCounts(escrowCount, o, 'held'),
            ])
            .go() as Promise<TransactResult>,
      );
      if (!result.canceled) return true;
      if (result.data.some((d) => d?.code === 'ConditionalCheckFailed')) return false;
      throw new Error(`return of order ${o.orderId} not written: ${cancelReasons(result)}`);
    },

    async advance(r, change, tracking) {
      const { orderId } = r;
      if (!tracking) {
        return conditionally(() =>
          orderReturn
            .patch({ orderId })
            .set(stored(change))
            .composite(keyParts(r, change))
            .where((a, op) => op.eq(a.stage, r.stage))
            .go(),
        );
      }
      const result = await transactWithRetry(
        () =>
          db.transaction
            .write(({ trackingClaim: claim, orderReturn: ret }) => [
              claim
                .create({ trackingNumber: tracking, orderId: returnClaimId(orderId), claimedAt: change.updatedAt })
                .commit(),
              ret
                .patch({ orderId })
                .set(stored(change))
                .composite(keyParts(r, change))
                .where((a, op) => op.eq(a.stage, r.stage))
                .commit(),
            ])
            .go() as Promise<TransactResult>,
      );
      if (!result.canceled) return true;
      if (result.data.some((d) => d?.code === 'ConditionalCheckFailed')) return false;
      throw new Error(`return of order ${orderId} not shipped: ${cancelReasons(result)}`);
    },

    async endHold(o, r, change, end) {
      const at = change.updatedAt;
      const orderSet =
        end.kind === 'refund'
          ? refunding(o, 'return_refunded', at)
          : { deadline: end.deadline, releaseDueAt: end.deadline, updatedAt: at };
      const result = await transactWithRetry(
        () =>
          db.transaction
            .write(({ orderReturn: ret, order, escrowCount }) => [
              ret
                .patch({ orderId: o.orderId })
                .set(stored(change))
                .composite(keyParts(r, change))
                .where((a, op) => op.eq(a.stage, r.stage))
                .commit(),
              order
                .patch({ orderId: o.orderId })
                .set({ ...orderSet, ...holdMove(o, 'pending') })
                .remove(['releaseHold'])
                .where(
                  (a, op) =>
                    `${op.eq(a.status, 'delivered')} AND ${op.eq(a.releaseHold, 'return')} AND ${bucketAsRead(o, a, op)}`,
                )
                .commit(),
              ...holdCounts(escrowCount, o, 'pending'),
            ])
            .go() as Promise<TransactResult>,
      );
      if (!result.canceled) return true;
      if (result.data.some((d) => d?.code === 'ConditionalCheckFailed')) return false;
      throw new Error(`return hold of order ${o.orderId} not ended: ${cancelReasons(result)}`);
    },

    async due(stage, before, limit) {
      const { data } = await orderReturn.query.byStageDue({ stage }).lte({ dueAt: before }).go({ limit });
      return (data as StoredReturn[]).map(toReturn);
    },

    async ofSeller(sellerId, limit, cursor) {
      try {
        const page = await orderReturn.query
          .bySeller({ sellerId })
          .go({ order: 'desc', count: limit, limit, cursor: cursor ?? null });
        return { items: (page.data as StoredReturn[]).map(toReturn), cursor: page.cursor };
      } catch (error) {
        if (cursor && (error instanceof ElectroError || (error as Error).name === 'ValidationException')) {
          throw new BadRequestError('Invalid query: cursor is not a cursor this API gave out', {
            cursor: 'Invalid cursor',
          });
        }
        throw error;
      }
    },

    async wake(trackingNumbers, at) {
      if (trackingNumbers.length === 0) return;
      const { trackingClaim } = db.entities;
      const claims = await trackingClaim.get(trackingNumbers.map((trackingNumber) => ({ trackingNumber }))).go();
      const ids = claims.data.flatMap((c) =>
        c.orderId.startsWith(RETURN_CLAIM) ? [c.orderId.slice(RETURN_CLAIM.length)] : [],
      );
      for (const orderId of ids) {
        await conditionally(() =>
          orderReturn
            .patch({ orderId })
            .set({ dueAt: at })
            .composite({ stage: 'shipped' })
            .where((a, op) => op.eq(a.stage, 'shipped'))
            .go(),
        );
      }
    },

    async owesRefund(sellerId) {
      const { data } = await orderReturn.query.bySellerStage({ sellerId, stage: 'refund_owed' }).go({ limit: 1 });
      return data.length > 0;
    },

    setRefundSigning(orderId, stage, signing, previousUuid) {
      return conditionally(() =>
        orderReturn
          .patch({ orderId })
          .set({ refundSigning: signing, refundSigningUuid: signing.uuid })
          .where(
            (a, op) =>
              `${op.eq(a.stage, stage)} AND ${op.notExists(a.refundTxid)} AND ${
                previousUuid ? op.eq(a.refundSigningUuid, previousUuid) : op.notExists(a.refundSigningUuid)
              }`,
          )
          .go(),
      );
    },

    recordRefundTx(orderId, uuid, txid) {
      return conditionally(() =>
        orderReturn
          .patch({ orderId })
          .set({ refundTxid: txid })
          .where((a, op) => `${op.eq(a.refundSigningUuid, uuid)} AND ${op.notExists(a.refundTxid)}`)
          .go(),
      );
    },

    markRefunded(r, txid, at) {
      return conditionally(() =>
        orderReturn
          .patch({ orderId: r.orderId })
          .set({ stage: 'completed', refundedAt: at, dueAt: NEVER, updatedAt: at })
          .composite({ sellerId: r.sellerId })
          .where(
            (a, op) =>
              `${op.eq(a.refundTxid, txid)} AND (${op.eq(a.stage, 'refund_due')} OR ${op.eq(a.stage, 'refund_owed')})`,
          )
          .go(),
      );
    },

    clearRefundTx(orderId, txid) {
      return conditionally(() =>
        orderReturn
          .patch({ orderId })
          .remove(['refundTxid', 'refundSigning', 'refundSigningUuid'])
          .where((a, op) => op.eq(a.refundTxid, txid))
          .go(),
      );
    },
  };
}
