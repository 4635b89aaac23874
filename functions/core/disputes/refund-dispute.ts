import { sellersOpenOrder } from '../orders/platform-fee';
import { ended, onFreshOrder, openDisputeOf } from './dispute-rules';
import type { DisputeDeps } from './ports';

/** The seller answers a dispute by refunding the buyer: the escrow goes back once the ledger allows it (CancelAfter). */
export async function refundDispute(
  sellerId: string,
  orderId: string,
  deps: Pick<DisputeDeps, 'disputes' | 'disputeEvents' | 'clock'>,
): Promise<void> {
  const now = deps.clock.now();
  const changed = await onFreshOrder(
    () => sellersOpenOrder(deps.disputes, sellerId, orderId),
    async (order) => {
      const dispute = ended(openDisputeOf(order), 'refunded', 'seller', null, now.toISOString());
      const done = await deps.disputes.refund(order, dispute, 'dispute_refunded', now.toISOString());
      return done ? { ...order, status: 'refunding' as const, dispute } : null;
    },
  );
  await deps.disputeEvents.disputeChanged(changed, now);
}
