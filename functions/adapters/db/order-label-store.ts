import type { LabelRepository } from '../../core/orders/platform-label';
import { conditionally } from './conditional';
import { shipWithClaim } from './order-shipment-store';
import { toRecord, type StoredOrder } from './order-store';
import type { Db } from './service';

/** A label bought here (decision 039): each step conditional on `labelStatus`, so only one run calls the carrier. */
export function orderLabelStore(db: Db): LabelRepository {
  const { order } = db.entities;
  return {
    async get(orderId) {
      const { data } = await order.get({ orderId }).go({ consistent: true });
      return data ? toRecord(data as StoredOrder) : null;
    },
    startLabelPurchase(orderId, purchase) {
      return conditionally(() =>
        order
          .patch({ orderId })
          .set({ label: purchase, labelStatus: purchase.status })
          .where((a, op) => `${op.eq(a.status, 'funded')} AND ${op.notExists(a.labelStatus)}`)
          .go(),
      );
    },
    endLabelPurchase(orderId, purchase) {
      return conditionally(() =>
        order
          .patch({ orderId })
          .set({ label: purchase, labelStatus: purchase.status })
          .where((a, op) => op.eq(a.labelStatus, 'buying'))
          .go(),
      );
    },
    markLabelShipped(o, shipment, purchase, at) {
      return shipWithClaim(db, o, shipment, at, { label: purchase });
    },
  };
}
