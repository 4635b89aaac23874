import { isCalifornia, zipOf } from '../../../shared/domain/shipping';
import type { ShippingQuoteView } from '../../../shared/api/orders';
import type { CartStore, SaleListingReader } from '../cart/ports';
import type { ProfileSettingsRecord } from '../profile/profile';
import type { Carrier } from '../shipping/carrier-port';
import type { Clock } from '../clock/clock';
import { calculatedPackages, groupForShipping, quoteFingerprint, type StoredQuote } from './checkout';
import { assertAwaitingPayment } from './auction-payment';
import { buyersOrder } from './escrow-signing';
import type { OrderRepository } from './order-store';
import { auctionOrderGroups } from './pay-auction-order';
import { quoteShipping } from './shipping-options';

/** A quote is honoured at checkout for this long. */
export const QUOTE_MINUTES = 15;

export interface GetShippingOptionsDeps {
  carts: Pick<CartStore, 'items'>;
  listings: SaleListingReader;
  profiles: { get(userId: string): Promise<ProfileSettingsRecord | null> };
  carrier: Pick<Carrier, 'quoteRates'>;
  quotes: { put(quote: StoredQuote): Promise<void> };
  /** An auction's order being paid (its buyer's own). */
  orders: Pick<OrderRepository, 'get'>;
  newId: () => string;
  clock: Clock;
  onCarrierError: (error: unknown) => void;
}

/**
 * The shipping options for the cart's calculated-shipping items (spec "Shipping rate loading"), or, with `orderId`,
 * for an auction's order awaiting its buyer's payment: quoted per seller's box, stored for 15 minutes so checkout (or
 * the payment) charges what the buyer was shown. null when no item needs them.
 */
export async function getShippingOptions(
  userId: string,
  deps: GetShippingOptionsDeps,
  orderId?: string,
  pickupSellerIds: readonly string[] = [],
): Promise<ShippingQuoteView | null> {
  const profile = deps.profiles.get(userId);
  let groups;
  if (orderId === undefined) {
    const cart = await deps.carts.items(userId);
    const listings = await deps.listings.get(cart.map((c) => c.listingId));
    groups = groupForShipping(cart, listings, deps.clock.now(), pickupSellerIds);
  } else {
    const order = await buyersOrder(deps.orders, userId, orderId);
    assertAwaitingPayment(order, deps.clock.now());
    groups = await auctionOrderGroups(order, deps);
  }
  const packages = calculatedPackages(groups);
  if (packages.length === 0) return null;
  const address = (await profile)?.addressParts;
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
    expiresAt: new Date(deps.clock.now().getTime() + QUOTE_MINUTES * 60_000).toISOString(),
  };
  await deps.quotes.put(stored);
  return { quoteId: stored.quoteId, source: stored.source, options: stored.options, expiresAt: stored.expiresAt };
}
