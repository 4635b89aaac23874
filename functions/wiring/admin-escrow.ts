import type { BackfillEscrowBucketsDeps } from '../core/admin-escrow/backfill-escrow-buckets';
import type { ListEscrowsDeps } from '../core/admin-escrow/list-escrows';
import type { MeasureEscrowsDeps } from '../core/admin-escrow/measure-escrows';
import type { RetrySettlementDeps } from '../core/admin-escrow/retry-settlement';
import { settleOrder } from '../core/orders/settle-escrows';
import { clock } from '../adapters/clock';
import { escrowBackfillStore } from '../adapters/db/escrow-backfill-store';
import { escrowMonitorStore } from '../adapters/db/escrow-monitor-store';
import { db } from '../adapters/db/service';
import type { Logger } from '../lib/logger';
import { auditLog } from './audit';
import { orderViewContext, settleEscrowsDeps } from './orders';

/** The admin escrow monitor (decision 065): its reads, with the explorer links the order pages use. */
export function listEscrowsDeps(): ListEscrowsDeps {
  return { monitor: escrowMonitorStore(db()), clock, transactionUrl: orderViewContext().transactionUrl };
}

/** Retry Settlement: the settlement schedule's own step for one order, recorded in the audit log. */
export async function retrySettlementDeps(log: Pick<Logger, 'warn' | 'error'>): Promise<RetrySettlementDeps> {
  const settlement = await settleEscrowsDeps(log);
  return {
    monitor: escrowMonitorStore(db()),
    settleOrder: (order) => settleOrder(order, settlement),
    audit: auditLog(),
    clock,
  };
}

/** The monitor's one-pass backfill of orders funded before decision 065. */
export function backfillEscrowBucketsDeps(deadline: number): BackfillEscrowBucketsDeps {
  return { store: escrowBackfillStore(db()), clock, timeLeft: () => deadline - Date.now() };
}

/** The escrow figures the stage's dashboard and alarms watch (decision 076): the monitor's reads. */
export function measureEscrowsDeps(): MeasureEscrowsDeps {
  return { monitor: escrowMonitorStore(db()), clock };
}
