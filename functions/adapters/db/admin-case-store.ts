import type { DisputeQueue } from '../../core/admin-cases/ports';
import { toRecord, type StoredOrder } from './order-store';
import type { Db } from './service';

/** The admin case queue's disputes (decision 068): the sparse index of open disputes, the soonest end first. */
export function adminCaseStore(db: Db): DisputeQueue {
  const { order } = db.entities;
  return {
    async openDisputes(limit) {
      const { data } = await order.query.byOpenDispute({ disputeQueue: 'open' }).go({ limit });
      return (data as StoredOrder[]).map(toRecord);
    },
  };
}
