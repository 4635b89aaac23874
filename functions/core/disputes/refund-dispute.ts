import { sellersOpenOrder } from '../orders/platform-fee';
import { disputeChanged, ended, openDisputeOf } from './dispute-rules';
import type { DisputeDeps } from './ports';

/** The seller answers a dispute by refunding the buyer: the escrow goes back once the ledger allows it (CancelAfter). */
export async function refundDispute(
  sellerId: string,
  orderId: string,
  deps: Pick<DisputeDeps, 'disputes' | 'disputeEvents' | 'clock'>,
): Promise<void> {
  const order = await sellersOpenOrder(deps.disputes, sellerId, orderId);
  const now = deps.clock.now();
  const dispute = ended(openDisputeOf(order), 'refunded', 'seller', null, now.toISOString());
  if (!(await deps.disputes.refund(order, dispute, 'dispute_refunded', now.toISOString()))) throw disputeChanged();
  await deps.disputeEvents.disputeChanged({ ...order, status: 'refunding', dispute }, now);
}
