import { isCalifornia, zipOf } from '../../../shared/domain/shipping';
import type { ShippingQuoteView } from '../../../shared/api/orders';
import type { CartStore, SaleListingReader } from '../cart/cart';
import type { ProfileSettingsRecord } from '../profile/profile';
import type { Carrier } from '../shipping/carrier-port';
import { calculatedPackages, groupForShipping, quoteFingerprint, type StoredQuote } from './checkout';
import { quoteShipping } from './shipping-options';

/** A quote is honoured at checkout for this long. */
export const QUOTE_MINUTES = 15;

export interface ShippingOptionsDeps {
  carts: Pick<CartStore, 'items'>;
  listings: SaleListingReader;
  profiles: { get(userId: string): Promise<ProfileSettingsRecord | null> };
  carrier: Pick<Carrier, 'quoteRates'>;
  quotes: { put(quote: StoredQuote): Promise<void> };
  newId: () => string;
  now: () => Date;
  onCarrierError: (error: unknown) => void;
}

/**
 * The shipping options for the cart's calculated-shipping items (spec "Shipping rate loading"): quoted per seller's
 * box, stored for 15 minutes so checkout charges what the buyer was shown. null when no item needs them.
 */
export async function shippingOptions(userId: string, deps: ShippingOptionsDeps): Promise<ShippingQuoteView | null> {
  const [cart, profile] = await Promise.all([deps.carts.items(userId), deps.profiles.get(userId)]);
  const listings = await deps.listings.get(cart.map((c) => c.listingId));
  const packages = calculatedPackages(groupForShipping(cart, listings, deps.now()));
  if (packages.length === 0) return null;
  const address = profile?.addressParts;
  const toZip = zipOf(address?.postalCode);
  const quote = await quoteShipping(
    packages,
    { zip: address ? toZip : null, state: address?.state ?? null, california: isCalifornia({ state: address?.state }) },
    deps.carrier,
    deps.onCarrierError,
  );
  const stored: StoredQuote = {
    ...quote,
    quoteId: deps.newId(),
    buyerId: userId,
    fingerprint: quoteFingerprint(packages, toZip),
    expiresAt: new Date(deps.now().getTime() + QUOTE_MINUTES * 60_000).toISOString(),
  };
  await deps.quotes.put(stored);
  return { quoteId: stored.quoteId, source: stored.source, options: stored.options, expiresAt: stored.expiresAt };
}
