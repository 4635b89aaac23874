import { formatUsd } from '../../../shared/domain/money';
import { AppError } from '../../lib/errors';
import { openSigningRequest } from '../signing/open-signing-request';
import type { LabelChoice, OrderSigning, PlatformFee } from './order';
import {
  FEE_CHANGED,
  FEE_EXPIRE_MINUTES,
  feeCents,
  feePaid,
  feePaymentTx,
  sameLabel,
  sellersOpenOrder,
  type FeeDeps,
  type FeeRequest,
} from './platform-fee';

/**
 * The wallet request for the seller's platform fee (spec part 2 "Escrow status": checked before the seller's action
 * takes effect). Paid once per order: a paid fee answers 'paid'; an open request for the same thing is returned
 * again. With `label` (decision 039, its cost fixed by the caller from the carrier's quote) the one Payment is the
 * fee plus the label; a request for another label, or none, replaces the open one.
 */
export async function requestPlatformFee(
  sellerId: string,
  orderId: string,
  deps: FeeDeps,
  label: LabelChoice | null = null,
): Promise<FeeRequest> {
  const order = await sellersOpenOrder(deps.orders, sellerId, orderId);
  if (feePaid(order)) return { status: 'paid' };
  if (order.status !== 'funded' && order.status !== 'shipped') {
    throw new AppError('invalid_state', 'order_not_pending', "Only a pending escrow takes the seller's actions.");
  }
  const at = deps.clock.now();
  // The rate the fee was first asked at: a replaced request keeps its amount, so it keeps its rate.
  const percent = ((order.fee?.basisPoints ?? deps.basisPoints) / 100).toString();
  const open = order.fee?.signing && !order.fee.txid && Date.parse(order.fee.signing.expiresAt) > at.getTime();
  if (open && sameLabel(order.fee!.label, label)) {
    const labelCents = order.fee!.label?.costCents ?? 0;
    return { status: 'signing', cents: order.fee!.cents, labelCents, percent, ...order.fee!.signing! };
  }
  const cents = order.fee?.cents ?? feeCents(order.totalCents, deps.basisPoints);
  if (cents === 0 && !label) {
    const fee = { cents, basisPoints: deps.basisPoints, label, signing: null, txid: null, paidAt: at.toISOString() };
    if (!(await deps.orders.waiveFee(order.orderId, fee, fee.paidAt))) throw FEE_CHANGED();
    return { status: 'paid' };
  }
  const what = label
    ? `the ${percent}% platform fee (${formatUsd(cents)} RLUSD) and a ${label.serviceName} label (${formatUsd(label.costCents)} RLUSD)`
    : `the ${percent}% platform fee (${formatUsd(cents)} RLUSD)`;
  const basisPoints = order.fee?.basisPoints ?? deps.basisPoints;
  const previousUuid = order.fee?.signing?.uuid ?? null;
  const opened = await openSigningRequest(
    {
      purpose: 'platform-fee',
      subjectId: order.orderId,
      txjson: feePaymentTx(order, { cents, label }, deps.platformAddress, deps.rlusd),
      expireMinutes: FEE_EXPIRE_MINUTES,
      instruction: `Pay ${what} for your sale to ${order.buyerUsername}.`,
      at,
      claim: ({ uuid, signUrl, qrPngUrl, expiresAt }) => {
        const signing: OrderSigning = { uuid, signUrl, qrPngUrl, expiresAt };
        const fee: PlatformFee = { cents, basisPoints, label, signing, txid: null, paidAt: null };
        return deps.orders.setFeeSigning(order.orderId, fee, previousUuid);
      },
    },
    deps,
  );
  if (!opened.attached) throw FEE_CHANGED();
  const { uuid, signUrl, qrPngUrl, expiresAt } = opened;
  return { status: 'signing', cents, labelCents: label?.costCents ?? 0, percent, uuid, signUrl, qrPngUrl, expiresAt };
}
