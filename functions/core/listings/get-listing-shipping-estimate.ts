import type { ListingShippingEstimate } from '../../../shared/api/listings';
import {
  DEFAULT_ZIP,
  LISTING_DEFAULT_PACKAGE,
  LISTING_FALLBACK_SHIPPING_CENTS,
  usZip,
} from '../../../shared/domain/shipping';
import { InvalidStateError, NotFoundError } from '../../lib/errors';
import type { ProfileSettingsRecord } from '../profile/profile';
import type { Carrier, PackageSpec, RateQuote } from '../shipping/carrier-port';
import { isShown, type FullListing, type ListingReaderPort } from './get-listing';

export interface GetListingShippingEstimateDeps {
  listings: Pick<ListingReaderPort, 'full'>;
  profiles: { get(userId: string): Promise<Pick<ProfileSettingsRecord, 'addressParts'> | null> };
  carrier: Pick<Carrier, 'quoteRates'>;
  /** The carrier failed and the fallback was given: the caller logs why. */
  onCarrierError: (error: unknown) => void;
}

/** One unit as the seller packed it: the listing's weight and all three dimensions when given, else the default box. */
export function listingPackage(l: Pick<FullListing, 'weightLbs' | 'dimensions'>): PackageSpec {
  const d = l.dimensions;
  const dims =
    d?.length && d.width && d.height
      ? { lengthIn: d.length, widthIn: d.width, heightIn: d.height }
      : {
          lengthIn: LISTING_DEFAULT_PACKAGE.lengthIn,
          widthIn: LISTING_DEFAULT_PACKAGE.widthIn,
          heightIn: LISTING_DEFAULT_PACKAGE.heightIn,
        };
  return { weightLb: l.weightLbs && l.weightLbs > 0 ? l.weightLbs : LISTING_DEFAULT_PACKAGE.weightLb, ...dims };
}

/** Spec part 1: the rate whose service type contains 'ground' is preferred, else the first (the cheapest). */
export function preferredRate(rates: readonly RateQuote[]): RateQuote | null {
  return rates.find((r) => /ground/i.test(r.serviceType)) ?? rates[0] ?? null;
}

/**
 * The listing page's shipping estimate for a calculated-shipping listing (spec part 1: "calculated uses the estimate,
 * only if the user is logged in and the seller location has a zip"; decision 051): one unit from the seller's ZIP to the
 * viewer's saved US ZIP, or to the default ZIP when the viewer has none. When the carrier fails or has no service, the
 * fallback 8.99 (source 'fallback').
 */
export async function getListingShippingEstimate(
  listingId: string,
  viewerId: string,
  deps: GetListingShippingEstimateDeps,
): Promise<ListingShippingEstimate> {
  const [listing, profile] = await Promise.all([deps.listings.full(listingId), deps.profiles.get(viewerId)]);
  if (!listing || !isShown(listing)) throw new NotFoundError('Listing not found');
  if (listing.shippingType !== 'calculated') {
    throw new InvalidStateError('not_calculated_shipping', 'This listing does not use calculated shipping');
  }
  const fromZip = usZip(listing.location?.zipCode);
  if (!fromZip) throw new InvalidStateError('no_seller_zip', "The seller's location has no ZIP code to estimate from");
  const address = profile?.addressParts;
  const ownZip = address?.country === 'US' ? usZip(address.postalCode) : null;
  const toZip = ownZip ?? DEFAULT_ZIP;
  const to = { fromZip, toZip, toDefaultZip: ownZip === null };
  try {
    const rates = await deps.carrier.quoteRates({
      fromZip,
      ...(listing.location?.state ? { fromState: listing.location.state } : {}),
      toZip,
      ...(ownZip && address?.state ? { toState: address.state } : {}),
      residential: true,
      packages: [listingPackage(listing)],
    });
    const rate = preferredRate(rates);
    if (rate) return { costCents: rate.amountCents, source: 'carrier', serviceName: rate.serviceName, ...to };
    deps.onCarrierError(new Error('the carrier offered no service'));
  } catch (error) {
    // Spec part 1 "Fallbacks": a failed shipping calculation falls back to 8.99.
    deps.onCarrierError(error);
  }
  return { costCents: LISTING_FALLBACK_SHIPPING_CENTS, source: 'fallback', serviceName: null, ...to };
}
