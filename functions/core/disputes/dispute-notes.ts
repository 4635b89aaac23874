import { DISPUTE_REASON_LABELS } from '../../../shared/domain/disputes';
import type { OrderRecord } from '../orders/order';

/**
 * What the order's conversation records of its dispute's change (decision 053), and which party it comes from: the
 * buyer's report and withdrawal, the seller's refund; an administrator's decision and the deadline's refund are told
 * as from the buyer, so the seller (who has to act on the order) finds it unread.
 */
export function disputeNote(order: OrderRecord): { senderId: string; content: string } {
  const d = order.dispute!;
  const buyer = order.buyerId;
  switch (d.status) {
    case 'open':
      return { senderId: buyer, content: `Issue reported: ${DISPUTE_REASON_LABELS[d.reason]}. ${d.description}` };
    case 'withdrawn':
      return { senderId: buyer, content: 'The buyer withdrew the issue. The payment is released as usual.' };
    case 'refunded':
      return d.resolution?.by === 'admin'
        ? {
            senderId: buyer,
            content: `The marketplace resolved the issue with a refund to the buyer. Reason: ${d.resolution.note}`,
          }
        : { senderId: order.sellerId, content: 'The seller refunded the buyer.' };
    case 'released':
      return {
        senderId: buyer,
        content: `The marketplace resolved the issue: the payment was released to the seller. Reason: ${d.resolution?.note ?? ''}`,
      };
    case 'expired':
      return { senderId: buyer, content: 'The issue was not resolved in time: the payment goes back to the buyer.' };
  }
}
