import type { Order } from '../../../../../shared/api/orders';
import type { ReturnView, ReturnWindow } from '../../../../../shared/api/returns';
import { formatUsd } from '../../../../../shared/domain/money';
import { orderDate } from '../../../domains/orders/order-display';

const by = (iso: string | null) => (iso ? ` by ${orderDate(iso)}` : '');

/**
 * Which case a return would be, told before the buyer asks (decision 054): before release the request holds the
 * escrow, which it can only do until the release (or the window's end, if sooner); after release the seller refunds.
 */
export function returnCaseText(o: Pick<Order, 'releaseDueAt'>, w: ReturnWindow): string {
  if (w.case === 'after_release') {
    return 'The payment has been released to the seller. If you return the item, the seller refunds you from their wallet.';
  }
  const until = o.releaseDueAt && Date.parse(o.releaseDueAt) < Date.parse(w.endsAt) ? o.releaseDueAt : w.endsAt;
  return `If you request a return before ${orderDate(until)}, the payment stays in escrow until the return is settled.`;
}

/** Where the return stands, in the buyer's words. */
function buyerStage(o: Order, r: ReturnView): string {
  switch (r.stage) {
    case 'pending':
      return `Waiting for the seller's answer${r.answerBy ? ` (by ${orderDate(r.answerBy)})` : ''}`;
    case 'approved':
      return `Send it back to: ${r.returnAddress ?? "the seller's return address"}. Add the tracking number${by(r.shipBackBy)}.`;
    case 'shipped':
      return `On its way back: ${r.trackingNumber ?? ''}`;
    case 'refund_due':
    case 'refund_owed':
      return `Delivered back. The seller refunds ${formatUsd(r.refundCents)} RLUSD${by(r.refundDueBy)}`;
    case 'escalated':
      return 'With the marketplace team';
    case 'rejected':
      if (r.case === 'after_release') {
        return r.canEscalate
          ? 'The seller declined the return. You can ask the marketplace to decide.'
          : 'The seller declined the return.';
      }
      return `The seller declined the return. If something is wrong with the item, use Report Issue${o.releaseDueAt ? ` before the payment is released on ${orderDate(o.releaseDueAt)}` : ''}.`;
    case 'lapsed':
      return 'Not sent back in time: the payment was released to the seller.';
    case 'completed':
      return r.case === 'before_release'
        ? `Refunded: the payment comes back to you from escrow on ${orderDate(o.escrow.cancelAfter)}`
        : 'Refunded';
    case 'closed':
      return 'Closed by the marketplace team';
  }
}

/** Where the return stands, in the seller's words. */
function sellerStage(o: Order, r: ReturnView): string {
  const buyer = o.buyer.username;
  switch (r.stage) {
    case 'pending':
      return `Waiting for your answer${r.answerBy ? ` (by ${orderDate(r.answerBy)})` : ''}: without one, the return is approved for you.`;
    case 'approved':
      return `Approved: ${buyer} sends it back to ${r.returnAddress ?? 'your return address'}${r.shipBackBy ? ` (tracking number by ${orderDate(r.shipBackBy)})` : ''}.`;
    case 'shipped':
      return `On its way back: ${r.trackingNumber ?? ''}`;
    case 'refund_due':
    case 'refund_owed':
      return `Delivered back. Refund ${formatUsd(r.refundCents)} RLUSD to ${buyer}${by(r.refundDueBy)}`;
    case 'escalated':
      return 'With the marketplace team';
    case 'rejected':
      return 'You declined the return.';
    case 'lapsed':
      return 'Not sent back in time: the payment was released to you.';
    case 'completed':
      return r.case === 'before_release' ? `Refunded: the payment goes back to ${buyer} from escrow` : 'Refunded';
    case 'closed':
      return 'Closed by the marketplace team';
  }
}

export function returnStageText(o: Order, r: ReturnView): string {
  return o.role === 'buyer' ? buyerStage(o, r) : sellerStage(o, r);
}
