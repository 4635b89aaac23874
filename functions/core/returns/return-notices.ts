import { formatUsd } from '../../../shared/domain/money';
import { RETURN_REASON_LABELS } from '../../../shared/domain/returns';
import type { ReturnRecord } from './ports';

/** 'Dec 3, 2026' (UTC: a notification is read anywhere). */
const day = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })
    : '';

/**
 * What each party is told of a return's change (decision 054), and the note its conversation records: from the party
 * who acted, or from the buyer when the schedule or an administrator did (so the seller finds it unread).
 */
export function returnNotices(r: ReturnRecord): {
  title: string;
  buyer: string;
  seller: string;
  note: { senderId: string; content: string };
} {
  const item = r.listingTitle;
  const refund = `${formatUsd(r.refundCents)} RLUSD`;
  const fromBuyer = (content: string) => ({ senderId: r.buyerId, content });
  const fromSeller = (content: string) => ({ senderId: r.sellerId, content });
  const before = r.case === 'before_release';
  switch (r.stage) {
    case 'pending':
      return {
        title: 'Return requested',
        buyer: `You asked to return ${item}. ${r.sellerUsername} answers by ${day(r.answerBy)}.`,
        seller: `${r.buyerUsername} asked to return ${item}. Approve or reject it by ${day(r.answerBy)}.`,
        note: fromBuyer(`Return requested: ${RETURN_REASON_LABELS[r.reason]}. ${r.description}`),
      };
    case 'approved':
      return {
        title: 'Return approved',
        buyer: `Your return of ${item} was approved. Send it back and add the tracking number by ${day(r.shipBackBy)}.`,
        seller: `The return of ${item} is approved. ${r.buyerUsername} sends it back by ${day(r.shipBackBy)}.`,
        note:
          r.decidedAt && r.sellerNote ? fromSeller(`Return approved. ${r.sellerNote}`) : fromBuyer('Return approved.'),
      };
    case 'rejected':
      return {
        title: 'Return rejected',
        buyer: before
          ? `Your return of ${item} was rejected. You can still report an issue before the payment is released.`
          : `Your return of ${item} was rejected. You can ask the marketplace to decide.`,
        seller: `You rejected the return of ${item}.`,
        note: fromSeller(`Return rejected.${r.sellerNote ? ` ${r.sellerNote}` : ''}`),
      };
    case 'shipped':
      return {
        title: 'Return shipped back',
        buyer: `You sent ${item} back (tracking ${r.trackingNumber}).`,
        seller: `${r.buyerUsername} sent ${item} back to you (tracking ${r.trackingNumber}).`,
        note: fromBuyer(`Return shipped back: tracking ${r.trackingNumber}.`),
      };
    case 'refund_due':
      return {
        title: 'Return delivered',
        buyer: `${item} was delivered back. ${r.sellerUsername} refunds ${refund} by ${day(r.refundDueBy)}.`,
        seller: `${item} was delivered back to you. Refund ${refund} to ${r.buyerUsername} by ${day(r.refundDueBy)}.`,
        note: fromBuyer('The return was delivered back to the seller.'),
      };
    case 'escalated':
      return {
        title: 'Return sent to the marketplace',
        buyer: `The marketplace team will decide the return of ${item}.`,
        seller: `The marketplace team will decide the return of ${item}.`,
        note: fromBuyer('The return was sent to the marketplace team to decide.'),
      };
    case 'refund_owed':
      return {
        title: 'Return decided',
        buyer: `The marketplace decided ${r.sellerUsername} refunds ${refund} for ${item}. Reason: ${r.resolution?.note ?? ''}`,
        seller: `The marketplace decided you refund ${refund} to ${r.buyerUsername} for ${item}. You can list new items once it is paid. Reason: ${r.resolution?.note ?? ''}`,
        note: fromBuyer(`The marketplace decided the seller refunds the buyer. Reason: ${r.resolution?.note ?? ''}`),
      };
    case 'closed':
      return {
        title: 'Return decided',
        buyer: `The marketplace closed the return of ${item}. Reason: ${r.resolution?.note ?? ''}`,
        seller: `The marketplace closed the return of ${item}. Reason: ${r.resolution?.note ?? ''}`,
        note: fromBuyer(`The marketplace closed the return. Reason: ${r.resolution?.note ?? ''}`),
      };
    case 'lapsed':
      return {
        title: 'Return lapsed',
        buyer: before
          ? `${item} was not sent back in time: the payment is released to ${r.sellerUsername}.`
          : `${item} was not sent back in time: the return is closed.`,
        seller: `${r.buyerUsername} did not send ${item} back in time: the return is closed.`,
        note: fromBuyer('The return was not sent back in time and is closed.'),
      };
    case 'completed':
      return {
        title: 'Return refunded',
        buyer: before
          ? `Your return of ${item} is on its way: the payment comes back to you from escrow.`
          : `${r.sellerUsername} refunded ${refund} for ${item}.`,
        seller: before
          ? `The return of ${item} is on its way back: the payment goes back to ${r.buyerUsername}.`
          : `You refunded ${refund} to ${r.buyerUsername} for ${item}.`,
        note: before
          ? fromBuyer('Return accepted by the carrier: the buyer is refunded.')
          : fromSeller(`Refunded ${refund}.`),
      };
  }
}
