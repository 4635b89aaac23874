import type { Cents } from '../../../shared/domain/money';
import {
  CHECKOUT_PACKAGE_IN,
  CHECKOUT_WEIGHT_PER_UNIT_LB,
  estimatedRates,
  STANDARD_SHIPPING,
  type ShippingOption,
  type ShippingQuoteSource,
} from '../../../shared/domain/shipping';
import type { Carrier, RateQuote } from '../shipping/carrier-port';

/** One seller's calculated-shipping units, shipped as one box from the seller's ZIP. */
export interface SellerPackage {
  sellerId: string;
  fromZip: string | null;
  units: number;
}

export interface Destination {
  zip: string | null;
  state: string | null;
  california: boolean;
}

/** The options offered for a checkout's calculated shipping, and what each costs per seller's package. */
export interface ShippingQuote {
  source: ShippingQuoteSource;
  /** Cheapest first; each option's cost is the sum over the packages. */
  options: ShippingOption[];
  /** sellerId -> option id -> cents. */
  perSeller: Record<string, Record<string, Cents>>;
}

/** A quote's delivery time in the words the options show. */
export const estimatedDaysOf = (q: RateQuote) =>
  q.transitDays === null ? (q.deliveryDate ? `By ${q.deliveryDate}` : 'Varies') : `${q.transitDays} business days`;

function combine(
  source: ShippingQuoteSource,
  perPackage: { sellerId: string; options: ShippingOption[] }[],
): ShippingQuote {
  const [first, ...rest] = perPackage;
  const offeredByAll = (first?.options ?? []).filter((o) => rest.every((p) => p.options.some((x) => x.id === o.id)));
  const perSeller: ShippingQuote['perSeller'] = {};
  for (const p of perPackage) perSeller[p.sellerId] = Object.fromEntries(p.options.map((o) => [o.id, o.costCents]));
  const options = offeredByAll
    .map((o) => ({ ...o, costCents: perPackage.reduce((sum, p) => sum + perSeller[p.sellerId]![o.id]!, 0) }))
    .sort((a, b) => a.costCents - b.costCents);
  return { source, options, perSeller };
}

const standard = (packages: readonly SellerPackage[]) =>
  combine(
    'standard',
    packages.map((p) => ({ sellerId: p.sellerId, options: [STANDARD_SHIPPING] })),
  );

/**
 * Spec part 2 "Shipping rate estimation": the carrier's rates for each seller's box (2 lb a unit, 12 x 12 x 6 in);
 * when the carrier fails, the estimate formula ('FedEx API Error'); with no address or no seller ZIP, the standard
 * option ('Shipping Rates Error').
 */
export async function quoteShipping(
  packages: readonly SellerPackage[],
  to: Destination,
  carrier: Pick<Carrier, 'quoteRates'>,
  onCarrierError: (error: unknown) => void = () => {},
): Promise<ShippingQuote> {
  if (!to.zip || packages.some((p) => !p.fromZip)) return standard(packages);
  const box = {
    lengthIn: CHECKOUT_PACKAGE_IN.length,
    widthIn: CHECKOUT_PACKAGE_IN.width,
    heightIn: CHECKOUT_PACKAGE_IN.height,
  };
  try {
    const quoted = await Promise.all(
      packages.map(async (p) => {
        const rates = await carrier.quoteRates({
          fromZip: p.fromZip!,
          toZip: to.zip!,
          ...(to.state ? { toState: to.state } : {}),
          residential: true,
          packages: [{ weightLb: p.units * CHECKOUT_WEIGHT_PER_UNIT_LB, ...box }],
        });
        const options = rates.map((r) => ({
          id: r.serviceType,
          name: r.serviceName,
          costCents: r.amountCents,
          estimatedDays: estimatedDaysOf(r),
          description: r.serviceName,
        }));
        return { sellerId: p.sellerId, options };
      }),
    );
    const quote = combine('carrier', quoted);
    if (quote.options.length > 0) return quote;
  } catch (error) {
    // The estimate stands in for a failed carrier, as the spec says; the caller logs why.
    onCarrierError(error);
  }
  return combine(
    'estimated',
    packages.map((p) => ({
      sellerId: p.sellerId,
      options: estimatedRates(p.units * CHECKOUT_WEIGHT_PER_UNIT_LB, to.california),
    })),
  );
}
