import { NotFoundError } from '../../lib/errors';
import type { Clock } from '../clock/clock';
import type { OrderRecord } from '../orders/order';
import type { AuditLog } from '../admin/audit';
import { isRetryable, isStuck } from './escrow-rules';
import type { EscrowMonitorReader } from './ports';

export interface RetrySettlementDeps {
  monitor: Pick<EscrowMonitorReader, 'get'>;
  /** The settlement schedule's step for one order (core/orders/settle-escrows.ts settleOrder). */
  settleOrder: (order: OrderRecord) => Promise<unknown>;
  audit: AuditLog;
  clock: Clock;
}

/**
 * Retry Settlement (decision 065): a stuck escrow's settlement runs again, exactly as the schedule runs it, so it is
 * safe twice and alongside the schedule. An escrow that is not stuck (any more), or that settling cannot end (drift a
 * person must look at), is left alone and nothing is recorded.
 */
export async function retrySettlement(orderId: string, actorId: string, deps: RetrySettlementDeps) {
  const found = (await deps.monitor.get(orderId)).value;
  if (!found) throw new NotFoundError('Order not found');
  const at = deps.clock.now();
  if (!isRetryable(found, at)) return { orderId, status: found.order.status, stuck: isStuck(found, at) };
  await deps.settleOrder(found.order);
  const after = (await deps.monitor.get(orderId)).value ?? found;
  await deps.audit.record(
    {
      actorId,
      action: 'escrow.retry_settlement',
      subject: orderId,
      before: { status: found.order.status },
      after: { status: after.order.status },
    },
    at,
  );
  return { orderId, status: after.order.status, stuck: isStuck(after, deps.clock.now()) };
}
