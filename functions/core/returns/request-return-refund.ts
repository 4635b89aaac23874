import { formatUsd } from '../../../shared/domain/money';
import { InvalidStateError } from '../../lib/errors';
import { openSigningRequest } from '../signing/open-signing-request';
import { owesRefund, RETURN_REFUND_EXPIRE_MINUTES, returnRefundTx, type ReturnRefundDeps } from './return-refund';
import { returnChanged, sellersReturn } from './return-rules';

export type ReturnRefundRequest =
  | { status: 'paid' }
  | { status: 'signing'; cents: number; uuid: string; signUrl: string; qrPngUrl: string; expiresAt: string };

/**
 * After release, once the return is back (or an administrator decided it): the wallet request for the seller's refund
 * Payment (decision 054). The same request is given again while it is open; a refund already submitted answers
 * 'paid' (its validation completes the return).
 */
export async function requestReturnRefund(
  sellerId: string,
  orderId: string,
  deps: ReturnRefundDeps,
): Promise<ReturnRefundRequest> {
  const ret = await sellersReturn(deps.returns, sellerId, orderId);
  if (ret.stage === 'completed' || ret.refundTxid) return { status: 'paid' };
  if (!owesRefund(ret)) {
    throw new InvalidStateError('return_refund_not_due', 'The refund is due once the return is delivered back to you.');
  }
  const at = deps.clock.now();
  const open = ret.refundSigning && Date.parse(ret.refundSigning.expiresAt) > at.getTime();
  if (open) return { status: 'signing', cents: ret.refundCents, ...ret.refundSigning! };
  const opened = await openSigningRequest(
    {
      purpose: 'return-refund',
      subjectId: orderId,
      txjson: returnRefundTx(ret, deps.rlusd),
      expireMinutes: RETURN_REFUND_EXPIRE_MINUTES,
      instruction: `Refund ${formatUsd(ret.refundCents)} RLUSD to ${ret.buyerUsername} for the returned ${ret.listingTitle}.`,
      at,
      claim: ({ uuid, signUrl, qrPngUrl, expiresAt }) =>
        deps.returns.setRefundSigning(
          orderId,
          ret.stage,
          { uuid, signUrl, qrPngUrl, expiresAt },
          ret.refundSigning?.uuid ?? null,
        ),
    },
    deps,
  );
  if (!opened.attached) throw returnChanged();
  const { uuid, signUrl, qrPngUrl, expiresAt } = opened;
  return { status: 'signing', cents: ret.refundCents, uuid, signUrl, qrPngUrl, expiresAt };
}
