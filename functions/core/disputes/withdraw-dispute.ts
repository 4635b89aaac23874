import { buyersOrder, ended, onFreshOrder, openDisputeOf } from './dispute-rules';
import type { DisputeDeps } from './ports';

/**
 * The buyer withdraws their dispute: the release follows its normal schedule again, never before the inspection
 * period ends (a delivered order is due at its release time, which may have passed; any other at CancelAfter).
 */
export async function withdrawDispute(
  userId: string,
  orderId: string,
  deps: Pick<DisputeDeps, 'disputes' | 'disputeEvents' | 'clock'>,
): Promise<void> {
  const now = deps.clock.now();
  const changed = await onFreshOrder(
    () => buyersOrder(deps.disputes, userId, orderId),
    async (order) => {
      const dispute = ended(openDisputeOf(order), 'withdrawn', 'buyer', null, now.toISOString());
      const due = order.status === 'delivered' && order.releaseDueAt ? order.releaseDueAt : order.escrow.cancelAfter;
      return (await deps.disputes.withdraw(order, dispute, due, now.toISOString())) ? { ...order, dispute } : null;
    },
  );
  await deps.disputeEvents.disputeChanged(changed, now);
}
