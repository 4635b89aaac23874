import type { ReturnRequest, ReturnView } from '../../../shared/api/returns';
import { formatAddress } from '../../../shared/domain/address';
import { returnStatusOf } from '../../../shared/domain/returns';
import type { ReturnRecord } from './ports';

/** A return as both parties of its order see it (decision 054). */
export function toReturnView(r: ReturnRecord): ReturnView {
  return {
    case: r.case,
    status: returnStatusOf(r.stage, r.approved),
    stage: r.stage,
    reason: r.reason,
    description: r.description,
    requestedAt: r.requestedAt,
    answerBy: r.stage === 'pending' ? r.answerBy : null,
    decidedAt: r.decidedAt,
    sellerNote: r.sellerNote,
    returnAddress: r.returnTo ? formatAddress(r.returnTo) : null,
    shipBackBy: r.stage === 'approved' ? r.shipBackBy : null,
    trackingNumber: r.trackingNumber,
    deliveredBackAt: r.deliveredBackAt,
    refundCents: r.refundCents,
    refundDueBy: r.refundDueBy,
    refundTxHash: r.refundedAt ? r.refundTxid : null,
    resolution: r.resolution,
    canEscalate: r.stage === 'rejected' && r.case === 'after_release',
  };
}

/** One line of the seller's return-requests list. */
export function toReturnRequest(r: ReturnRecord, mediaUrl: (key: string) => string): ReturnRequest {
  return {
    orderId: r.orderId,
    listingId: r.listingId,
    listingTitle: r.listingTitle,
    listingImageUrl: r.imageKey ? mediaUrl(r.imageKey) : null,
    buyerId: r.buyerId,
    buyerUsername: r.buyerUsername,
    reason: r.reason,
    description: r.description,
    status: returnStatusOf(r.stage, r.approved),
    stage: r.stage,
    case: r.case,
    refundCents: r.refundCents,
    requestedAt: r.requestedAt,
  };
}
