import type { FeeRepository } from '../../core/orders/platform-fee';
import { conditionally } from './conditional';
import { toRecord, type StoredOrder } from './order-store';
import type { Db } from './service';

/** The seller's platform fee on its order: each step conditional, so it is paid once. */
export function orderFeeStore(db: Db): FeeRepository {
  const { order } = db.entities;
  const read = async (orderId: string) => {
    const { data } = await order.get({ orderId }).go({ consistent: true });
    return data ? toRecord(data as StoredOrder) : null;
  };
  return {
    get: read,
    setFeeSigning(orderId, fee, previousUuid) {
      return conditionally(() =>
        order
          .patch({ orderId })
          .set({ fee, feeSigningUuid: fee.signing!.uuid })
          .where(
            (a, op) =>
              `${op.notExists(a.feeTxid)} AND ${
                previousUuid ? op.eq(a.feeSigningUuid, previousUuid) : op.notExists(a.feeSigningUuid)
              }`,
          )
          .go(),
      );
    },
    async recordFeeTx(orderId, txid) {
      const current = await read(orderId);
      if (!current?.fee) return false;
      return conditionally(() =>
        order
          .patch({ orderId })
          .set({ fee: { ...current.fee!, txid }, feeTxid: txid })
          .where((a, op) => `${op.notExists(a.feeTxid)} AND ${op.eq(a.feeSigningUuid, current.fee!.signing!.uuid)}`)
          .go(),
      );
    },
    async markFeePaid(orderId, txid, at) {
      const current = await read(orderId);
      if (!current?.fee) return false;
      return conditionally(() =>
        order
          .patch({ orderId })
          .set({ fee: { ...current.fee!, txid, paidAt: at } })
          .where((a, op) => op.eq(a.feeTxid, txid))
          .go(),
      );
    },
    waiveFee(orderId, fee) {
      return conditionally(() =>
        order
          .patch({ orderId })
          .set({ fee })
          .where((a, op) => `${op.notExists(a.feeTxid)} AND ${op.notExists(a.feeSigningUuid)}`)
          .go(),
      );
    },
    async clearFeeTx(orderId, txid) {
      const current = await read(orderId);
      if (!current?.fee) return false;
      return conditionally(() =>
        order
          .patch({ orderId })
          .set({ fee: { ...current.fee!, txid: null, signing: null } })
          .remove(['feeTxid', 'feeSigningUuid'])
          .where((a, op) => op.eq(a.feeTxid, txid))
          .go(),
      );
    },
  };
}
