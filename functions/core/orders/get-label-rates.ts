import type { ShippingOption } from '../../../shared/domain/shipping';
import { labelOrder, packageOf, rateRequest, requiredShipper, type LabelDeps } from './platform-label';
import { estimatedDaysOf } from './shipping-options';

/** The carrier's services for the order's parcel from the seller's address, cheapest first. */
export async function getLabelRates(
  sellerId: string,
  orderId: string,
  deps: Pick<LabelDeps, 'orders' | 'carrier' | 'profiles' | 'listings'>,
): Promise<{ options: ShippingOption[] }> {
  const order = await labelOrder(sellerId, orderId, deps.orders);
  const shipper = await requiredShipper(sellerId, order, deps);
  const rates = await deps.carrier.quoteRates(rateRequest(order, shipper, await packageOf(order, deps)));
  return {
    options: rates.map((r) => ({
      id: r.serviceType,
      name: r.serviceName,
      costCents: r.amountCents,
      estimatedDays: estimatedDaysOf(r),
      description: r.serviceName,
    })),
  };
}
