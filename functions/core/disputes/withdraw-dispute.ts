import { buyersOrder, disputeChanged, ended, openDisputeOf } from './dispute-rules';
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
  const order = await buyersOrder(deps.disputes, userId, orderId);
  const now = deps.clock.now();
  const dispute = ended(openDisputeOf(order), 'withdrawn', 'buyer', null, now.toISOString());
  const deadline = order.status === 'delivered' && order.releaseDueAt ? order.releaseDueAt : order.escrow.cancelAfter;
  if (!(await deps.disputes.withdraw(order, dispute, deadline, now.toISOString()))) throw disputeChanged();
  await deps.disputeEvents.disputeChanged({ ...order, dispute }, now);
}
