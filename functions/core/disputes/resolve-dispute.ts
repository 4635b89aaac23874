import { NotFoundError } from '../../lib/errors';
import type { AuditLog } from '../admin/audit';
import type { OrderRecord } from '../orders/order';
import { settle } from '../orders/settlement';
import { ended, onFreshOrder, openDisputeOf } from './dispute-rules';
import type { DisputeDeps } from './ports';

/**
 * An administrator ends an open dispute with a written reason both parties see: released to the seller now, or
 * refunded to the buyer (at CancelAfter, as every refund). Recorded in the audit log as `case.release` or
 * `case.refund` (decision 068) once the order's write succeeded. Returns the order as it is after.
 */
export async function resolveDispute(
  actorId: string,
  orderId: string,
  body: { outcome: 'release' | 'refund'; note: string },
  deps: DisputeDeps & { audit: AuditLog },
): Promise<OrderRecord> {
  const now = deps.clock.now();
  const outcome = body.outcome === 'release' ? 'released' : 'refunded';
  const note = body.note.trim();
  const before = await onFreshOrder(
    async () => {
      const order = await deps.disputes.get(orderId);
      if (!order) throw new NotFoundError('Order not found');
      return order;
    },
    async (order) => {
      const dispute = ended(openDisputeOf(order), outcome, 'admin', note, now.toISOString());
      const done =
        body.outcome === 'release'
          ? await deps.disputes.release(order, dispute, now.toISOString())
          : await deps.disputes.refund(order, dispute, 'dispute_refunded', now.toISOString());
      return done ? order : null;
    },
  );
  await deps.audit.record(
    {
      actorId,
      action: `case.${body.outcome}`,
      subject: orderId,
      before: { kind: 'dispute', status: before.status, dispute: 'open' },
      after: { kind: 'dispute', dispute: outcome, reason: note },
    },
    now,
  );
  const after = (await deps.disputes.get(orderId))!;
  await deps.disputeEvents.disputeChanged(after, now);
  if (after.status === 'releasing') {
    try {
      await settle(after, deps);
    } catch (error) {
      // Recorded as releasing: the settlement schedule follows it to the ledger's answer.
      deps.log.warn('release continues in the background', { orderId, error: String(error) });
    }
  }
  return (await deps.disputes.get(orderId))!;
}
