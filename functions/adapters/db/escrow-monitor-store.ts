import type { EscrowMonitorReader, MonitoredOrder } from '../../core/admin-escrow/ports';
import { DRIFT_KINDS } from '../../core/orders/order';
import { usernameKey } from '../../../shared/domain/username';
import type { Db } from './service';
import { toRecord, type StoredOrder } from './order-store';

const COUNTED = ['pending', 'held', 'completed', 'cancelled'] as const;

const monitored = (items: unknown[]): MonitoredOrder[] =>
  (items as StoredOrder[]).map((o) => ({ order: toRecord(o), deadline: o.deadline }));

/**
 * The escrow monitor's reads (decision 065): the counters, the sparse monitor index by bucket, the deadline index, the sparse drift index, and a user's own orders. Each answer says
 * how many items it read.
 */
export function escrowMonitorStore(db: Db): EscrowMonitorReader {
  const { order, escrowCount, username } = db.entities;
  return {
    async counts() {
      const counters = await escrowCount.get(COUNTED.map((bucket) => ({ bucket }))).go();
      const of = (b: (typeof COUNTED)[number]) => counters.data.find((c) => c.bucket === b)?.count ?? 0;
      return {
        value: { pending: of('pending'), held: of('held'), completed: of('completed'), cancelled: of('cancelled') },
        itemsRead: counters.data.length,
      };
    },

    async latest(bucket, limit) {
      const { data } = await order.query.byEscrowTime({ escrowBucket: bucket }).go({ order: 'desc', limit });
      return { value: monitored(data), itemsRead: data.length };
    },

    async due(status, before, limit) {
      const { data } = await order.query.byStatusDeadline({ status }).lt({ deadline: before }).go({ limit });
      return { value: monitored(data), itemsRead: data.length };
    },

    async drifted(limit) {
      const pages = await Promise.all(DRIFT_KINDS.map((drift) => order.query.byDrift({ drift }).go({ limit })));
      const data = pages.flatMap((p) => p.data);
      return { value: monitored(data), itemsRead: data.length };
    },

    async get(orderId) {
      const { data } = await order.get({ orderId }).go({ consistent: true });
      return { value: data ? monitored([data])[0]! : null, itemsRead: data ? 1 : 0 };
    },

    async ofUsername(name, limit) {
      if (!usernameKey(name)) return { value: [], itemsRead: 0 };
      const guard = (await username.get({ usernameLower: usernameKey(name) }).go()).data;
      if (!guard) return { value: [], itemsRead: 0 };
      const userId = guard.userId;
      const [bought, sold] = await Promise.all([
        order.query.byBuyer({ buyerId: userId }).go({ order: 'desc', limit }),
        order.query.bySeller({ sellerId: userId }).go({ order: 'desc', limit }),
      ]);
      const funded = [...bought.data, ...sold.data].filter((o) => o.fundedAt);
      return { value: monitored(funded), itemsRead: 1 + bought.data.length + sold.data.length };
    },
  };
}
