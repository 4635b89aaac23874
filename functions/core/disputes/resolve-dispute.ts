import { NotFoundError } from '../../lib/errors';
import type { OrderRecord } from '../orders/order';
import { settle } from '../orders/settlement';
import { ended, onFreshOrder, openDisputeOf } from './dispute-rules';
import type { DisputeDeps } from './ports';

/**
 * An administrator ends an open dispute with a written reason both parties see: released to the seller now, or
 * refunded to the buyer (at CancelAfter, as every refund). Returns the order as it is after.
 */
export async function resolveDispute(
  orderId: string,
  body: { outcome: 'release' | 'refund'; note: string },
  deps: DisputeDeps,
): Promise<OrderRecord> {
  const now = deps.clock.now();
  const outcome = body.outcome === 'release' ? 'released' : 'refunded';
  await onFreshOrder(
    async () => {
      const order = await deps.disputes.get(orderId);
      if (!order) throw new NotFoundError('Order not found');
      return order;
    },
    async (order) => {
      const dispute = ended(openDisputeOf(order), outcome, 'admin', body.note.trim(), now.toISOString());
      const done =
        body.outcome === 'release'
          ? await deps.disputes.release(order, dispute, now.toISOString())
          : await deps.disputes.refund(order, dispute, 'dispute_refunded', now.toISOString());
      return done || null;
    },
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
