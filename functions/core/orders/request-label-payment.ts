import { AppError, BadRequestError } from '../../lib/errors';
import type { LabelChoice } from './order';
import { feePaid, type FeeDeps, type FeeRequest } from './platform-fee';
import { labelOrder, packageOf, rateRequest, requiredShipper, type LabelDeps } from './platform-label';
import { requestPlatformFee } from './request-platform-fee';

export type RequestLabelPaymentDeps = FeeDeps & Pick<LabelDeps, 'carrier' | 'profiles' | 'listings'>;

/**
 * The seller chooses a service (decision 039): its cost is the carrier's quote now, fixed here and stored on the
 * order with the fee, and the one Payment the seller signs is the fee plus that cost. A fee already paid without a
 * label leaves the tracking number as the way to ship.
 */
export async function requestLabelPayment(
  sellerId: string,
  orderId: string,
  serviceType: string,
  deps: RequestLabelPaymentDeps,
): Promise<FeeRequest> {
  const order = await labelOrder(sellerId, orderId, deps.orders);
  if (feePaid(order)) {
    if (order.fee?.label) return { status: 'paid' };
    throw new AppError(
      'invalid_state',
      'fee_paid_without_label',
      'The platform fee is already paid without a label. Enter a tracking number instead.',
    );
  }
  const shipper = await requiredShipper(sellerId, order, deps);
  const parcel = await packageOf(order, deps);
  const rate = (await deps.carrier.quoteRates(rateRequest(order, shipper, parcel))).find(
    (r) => r.serviceType === serviceType,
  );
  if (!rate) {
    throw new BadRequestError('This shipping service is not offered for this parcel.', {
      serviceType: 'Not offered',
    });
  }
  const choice: LabelChoice = {
    serviceType: rate.serviceType,
    serviceName: rate.serviceName,
    costCents: rate.amountCents,
    quotedAt: deps.clock.now().toISOString(),
    package: parcel,
  };
  return requestPlatformFee(sellerId, orderId, deps, choice);
}
