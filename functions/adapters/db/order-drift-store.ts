import type { DriftMarks } from '../../core/orders/reconcile-orders';
import { conditionally } from './conditional';
import type { Db } from './service';

/**
 * Drift marked on the order item (decision 065): `drift` and `driftAt` set and removed together (they key the sparse
 * drift index). Each write holds only while the status, and the mark, are as the reconcile run read them.
 */
export function orderDriftStore(db: Db): DriftMarks {
  const { order } = db.entities;
  return {
    mark(o, kind, at) {
      return conditionally(() =>
        order
          .patch({ orderId: o.orderId })
          .set({ drift: kind, driftAt: at })
          .where(
            (a, op) =>
              `${op.eq(a.status, o.status)} AND ` + (o.drift ? op.eq(a.driftAt, o.drift.at) : op.notExists(a.drift)),
          )
          .go(),
      );
    },

    clear(o) {
      if (!o.drift) return Promise.resolve(false);
      const { at } = o.drift;
      return conditionally(() =>
        order
          .patch({ orderId: o.orderId })
          .remove(['drift', 'driftAt'])
          .where((a, op) => `${op.eq(a.status, o.status)} AND ${op.eq(a.driftAt, at)}`)
          .go(),
      );
    },
  };
}
