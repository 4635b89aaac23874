import { isLocalPickup, unitShippingCents } from '../../../shared/domain/cart';
import { formatUsd, type Cents } from '../../../shared/domain/money';
import { zipOf } from '../../../shared/domain/shipping';
import { AppError, BadRequestError, ConflictError } from '../../lib/errors';
import type { UserRecord } from '../auth/ports';
import type { Clock } from '../clock/clock';
import type { CartStore, SaleListingReader } from '../cart/ports';
import { offerPrices, unitPriceWith, unitsWith, type CurrentOffers, type OfferPrice } from '../cart/offer-price';
import { availableUnits, type SaleListing } from '../cart/sale-listing';
import type { LedgerGateway } from '../ledger/ports';
import { isProfileComplete, type ProfileSettingsRecord } from '../profile/profile';
import { preimageCondition } from './escrow-create';
import { escrowUnavailable, type EscrowReadiness } from './escrow-readiness';
import type { FulfillmentVault } from './fulfillment-vault';
import { holdFor, utcDay, type HoldReader } from './holds';
import {
  NO_SHIPMENT,
  type PickupLock,
  type Fulfilment,
  type OrderLine,
  type OrderRecord,
  type OrderShipping,
  type ShipTo,
} from './order';
import { newPickupCode, newPickupLock } from './pickup-code';
import { assertOrderTotalWithinLimit } from './order-limit';
import { allowedPickupSellers } from './pickup-choice';
import type { ShippingQuote } from './shipping-options';

/** How long an order's units stay reserved while nobody asks the wallet to sign it. */
export const RESERVATION_MINUTES = 15;
/**
 * Spec network default: escrows can be cancelled (refunded) 168 hours after they are made. New escrows take the
 * window saved on the admin portal's XRPL Network tab (decision 064); existing ones keep the CancelAfter they have.
 */
export const ESCROW_WINDOW_HOURS = 168;
const ATTEMPTS = 8;

export interface StoredQuote extends ShippingQuote {
  quoteId: string;
  buyerId: string;
  /** What the quote was made for: a different cart or address needs a new quote. */
  fingerprint: string;
  expiresAt: string;
}

export interface Reservation {
  listingId: string;
  quantity: number;
  /**
   * The stock as read: the reservation holds only while units and sales are still these and no more than
   * `maxReserved` units are reserved (quantity - sold - this order's units), so no unit is ever reserved twice.
   */
  stock: { quantity: number; sold: number; maxReserved: number };
}

export interface OrderStore {
  /**
   * Writes the orders (and their pickup codes) and reserves their units in one transaction; 'stale' when the stock
   * changed since it was read.
   */
  place(
    orders: readonly OrderRecord[],
    reservations: readonly Reservation[],
    pickupCodes?: readonly PickupCode[],
  ): Promise<'ok' | 'stale'>;
}

export interface CheckoutDeps {
  carts: CartStore;
  listings: SaleListingReader;
  /** The buyer's offers on the cart's listings: an accepted one prices its line (decision 033). */
  offers: CurrentOffers;
  users: { user(userId: string): Promise<UserRecord | null> };
  profiles: { get(userId: string): Promise<ProfileSettingsRecord | null> };
  quotes: { get(quoteId: string): Promise<StoredQuote | null> };
  ledger: Pick<LedgerGateway, 'rlusdLine' | 'closeTime'>;
  readiness: EscrowReadiness;
  vault: FulfillmentVault;
  orders: OrderStore;
  /** The buyer's hold limits (decision 041), checked again by the write that reserves. */
  holds: HoldReader;
  /** The CancelAfter window for new escrows, in hours (decision 064); ESCROW_WINDOW_HOURS when not given. */
  escrowWindowHours?: () => Promise<number>;
  newId: () => string;
  randomBytes: (n: number) => Uint8Array;
  clock: Clock;
}

export interface CheckoutRequest {
  /** The calculated-shipping choice: the quote the buyer saw and the option picked; null when nothing is calculated. */
  shipping: { quoteId: string; optionId: string } | null;
  /** Sellers whose items the buyer collects (local pickup) instead; allowed by allowedPickupSellers. */
  localPickupSellerIds?: readonly string[];
  /** The total the buyer agreed to; any other total is refused. */
  expectedTotalCents: Cents;
}

export const PROFILE_INCOMPLETE = 'Please complete your profile including shipping address before checking out.';

/** A profile good enough to buy with: name, email and phone (spec "profile complete") and a shipping address. */
export function canBuyWith(profile: ProfileSettingsRecord | null): profile is ProfileSettingsRecord & {
  addressParts: NonNullable<ProfileSettingsRecord['addressParts']>;
} {
  return profile !== null && isProfileComplete(profile) && profile.addressParts !== undefined;
}

export interface Group {
  sellerId: string;
  sellerUsername: string;
  fulfilment: Fulfilment;
  fromZip: string;
  lines: (OrderLine & { calculated: boolean })[];
}

/**
 * One order per seller and way of handing over (a pickup releases on the seller's approval, a parcel on delivery).
 * `pickup`: sellers the buyer collects from (allowedPickupSellers): their lines are pickups, with no shipping charged.
 */
export function groupLines(
  items: { listing: SaleListing; quantity: number; unitPriceCents: Cents; offerId?: string }[],
  pickup: ReadonlySet<string> = new Set(),
): Group[] {
  const groups = new Map<string, Group>();
  for (const { listing, quantity, unitPriceCents, offerId } of items) {
    const collected = isLocalPickup(listing.shippingType) || pickup.has(listing.sellerId);
    const fulfilment: Fulfilment = collected ? 'pickup' : 'ship';
    const key = `${listing.sellerId}|${fulfilment}`;
    const group = groups.get(key) ?? {
      sellerId: listing.sellerId,
      sellerUsername: listing.sellerUsername,
      fulfilment,
      fromZip: zipOf(listing.location?.zipCode),
      lines: [],
    };
    group.lines.push({
      listingId: listing.listingId,
      title: listing.title,
      imageKey: listing.images?.[0]?.key ?? null,
      quantity,
      unitPriceCents,
      shippingCents: collected
        ? 0
        : unitShippingCents({
            shippingType: listing.shippingType,
            shippingCostCents: listing.shippingCostCents ?? null,
          }) * quantity,
      calculated: !collected && listing.shippingType === 'calculated',
      ...(offerId !== undefined && { offerId }),
    });
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** The cart's lines that can still be bought, grouped as checkout will group them (for shipping quotes). */
export function groupForShipping(
  cart: readonly { listingId: string; quantity: number }[],
  listings: readonly SaleListing[],
  at: Date,
  pickupSellerIds: readonly string[] = [],
): Group[] {
  const byId = new Map(listings.map((l) => [l.listingId, l]));
  const items = cart.flatMap(({ listingId, quantity }) => {
    const listing = byId.get(listingId);
    return listing && availableUnits(listing, at) > 0 ? [{ listing, quantity, unitPriceCents: 0 }] : [];
  });
  return groupLines(items, allowedPickupSellers(items, pickupSellerIds));
}

/**
 * The cart as it can be bought now, or the reason it can't (named per item). A line the buyer holds an accepted offer
 * on is one unit at the offer's amount, and carries the offer (the order records it, so it is used once).
 */
function buyableItems(
  userId: string,
  cart: { listingId: string; quantity: number }[],
  listings: SaleListing[],
  offers: Map<string, OfferPrice>,
  at: Date,
) {
  const byId = new Map(listings.map((l) => [l.listingId, l]));
  return cart.map(({ listingId, quantity }) => {
    const listing = byId.get(listingId);
    const offer = listing && offers.get(listing.listingId);
    const unitPriceCents = listing ? unitPriceWith(listing, offer, at) : null;
    if (!listing || unitPriceCents === null || availableUnits(listing, at) === 0) {
      const title = listing?.title ?? 'An item';
      throw new AppError(
        'invalid_state',
        'cart_changed',
        `${title} is no longer available. Remove it from your cart to continue.`,
      );
    }
    if (listing.sellerId === userId) throw new AppError('forbidden', 'own_listing', 'You cannot buy your own listing.');
    const left = unitsWith(listing, offer, at);
    if (quantity > left) {
      throw new AppError(
        'invalid_state',
        'cart_changed',
        offer
          ? `Your accepted offer for ${listing.title} is for 1 unit. Lower the quantity to continue.`
          : `Only ${left} of ${listing.title} left. Lower the quantity to continue.`,
      );
    }
    return { listing, quantity, unitPriceCents, ...(offer && { offerId: offer.offerId }) };
  });
}

/** One order's money: its items, its flat shipping and its share of the chosen calculated service. */
export function priceGroup(g: Group, shipping: Awaited<ReturnType<typeof chosenShipping>>) {
  const itemsCents = g.lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const calculated = shipping && g.lines.some((l) => l.calculated) ? shipping.option : null;
  const calculatedCents = calculated ? shipping!.quote.perSeller[g.sellerId]![calculated.id]! : 0;
  const shippingCents = g.lines.reduce((sum, l) => sum + l.shippingCents, 0) + calculatedCents;
  return { ...g, itemsCents, shippingCents, calculated, calculatedCents, totalCents: itemsCents + shippingCents };
}

/** How a priced order is handed over: the chosen service (calculated shipping) and where it goes (not a pickup). */
export function orderShipping(o: ReturnType<typeof priceGroup>, shipTo: ShipTo): OrderShipping {
  return {
    fulfilment: o.fulfilment,
    serviceId: o.calculated?.id ?? null,
    serviceName: o.calculated?.name ?? null,
    estimatedDays: o.calculated?.estimatedDays ?? null,
    calculatedCents: o.calculatedCents,
    shipTo: o.fulfilment === 'ship' ? shipTo : null,
    fromZip: o.fromZip,
  };
}

/** 409 price_changed: the total the buyer agreed to is not the one the server computes now. */
export function priceChanged(totalCents: Cents): AppError {
  return new AppError(
    'invalid_state',
    'price_changed',
    `The total is now ${formatUsd(totalCents)}. Prices or shipping changed since you opened checkout; review your order and try again.`,
  );
}

/** The fingerprint a quote is bound to: each seller's calculated units and ZIP, and the buyer's ZIP. */
export function quoteFingerprint(
  packages: { sellerId: string; fromZip: string | null; units: number }[],
  toZip: string,
) {
  return [...packages.map((p) => `${p.sellerId}:${p.fromZip ?? '-'}:${p.units}`).sort(), `to:${toZip}`].join('|');
}

export function calculatedPackages(groups: readonly Group[]) {
  return groups
    .filter((g) => g.fulfilment === 'ship' && g.lines.some((l) => l.calculated))
    .map((g) => ({
      sellerId: g.sellerId,
      fromZip: g.fromZip,
      units: g.lines.filter((l) => l.calculated).reduce((sum, l) => sum + l.quantity, 0),
    }));
}

export async function chosenShipping(
  userId: string,
  groups: readonly Group[],
  toZip: string,
  choice: CheckoutRequest['shipping'],
  deps: Pick<CheckoutDeps, 'quotes' | 'clock'>,
) {
  const packages = calculatedPackages(groups);
  if (packages.length === 0) return null;
  if (!choice) {
    throw new AppError(
      'invalid',
      'shipping_required',
      'Please select a shipping service for items with calculated shipping',
    );
  }
  const quote = await deps.quotes.get(choice.quoteId);
  const valid =
    quote !== null &&
    quote.buyerId === userId &&
    Date.parse(quote.expiresAt) > deps.clock.now().getTime() &&
    quote.fingerprint === quoteFingerprint(packages, toZip);
  const option = valid ? quote.options.find((o) => o.id === choice.optionId) : undefined;
  if (!valid || !option) {
    throw new AppError(
      'invalid_state',
      'shipping_changed',
      'Shipping rates changed. Please choose a shipping service again.',
    );
  }
  return { quote, option };
}

/** Where a buyer's parcels go: the profile's name and address (a profile canBuyWith accepts). */
export function shipToOf(
  profile: ProfileSettingsRecord & { addressParts: NonNullable<ProfileSettingsRecord['addressParts']> },
): ShipTo {
  const address = profile.addressParts;
  return {
    fullName: profile.fullName!.trim(),
    street: address.street,
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
    country: address.country,
  };
}

/** The escrow can be made (readiness) and the buyer's RLUSD covers `totalCents`, read from the ledger; else why not. */
export async function assertPayable(
  buyerAddress: string,
  sellerAddresses: readonly (string | null)[],
  totalCents: Cents,
  deps: Pick<CheckoutDeps, 'readiness' | 'ledger'>,
): Promise<void> {
  const problem = await deps.readiness.check(buyerAddress, [...sellerAddresses]);
  if (problem) throw escrowUnavailable(problem);
  const line = await deps.ledger.rlusdLine(buyerAddress);
  const balance = line?.balanceCents ?? 0;
  if (balance < totalCents) {
    throw new AppError(
      'invalid_state',
      'insufficient_balance',
      `Insufficient balance. You need ${formatUsd(totalCents - balance)} more to complete this purchase.`,
    );
  }
}

/**
 * CancelAfter for an escrow made now: the escrow window counted from whichever clock is ahead, ours or the ledger's
 * (the ledger judges CancelAfter by its own close time), in whole seconds.
 */
export async function cancelAfterFrom(
  at: Date,
  deps: Pick<CheckoutDeps, 'ledger' | 'escrowWindowHours'>,
): Promise<string> {
  const [close, hours] = await Promise.all([
    deps.ledger.closeTime(),
    deps.escrowWindowHours?.() ?? Promise.resolve(ESCROW_WINDOW_HOURS),
  ]);
  const start = Math.max(at.getTime(), close.getTime());
  return new Date(Math.floor(start / 1000) * 1000 + hours * 3_600_000).toISOString();
}

/** A pickup order's plain code, stored apart from the order for the buyer's reads only (decision 040). */
export interface PickupCode {
  orderId: string;
  buyerId: string;
  code: string;
}

/**
 * An order's secrets: a fresh PREIMAGE-SHA-256 condition, its fulfillment sealed for this order, and for a local
 * pickup a one-time code whose hash (keyed by the fulfillment) locks the release (decision 040).
 */
export async function newCondition(
  orderId: string,
  fulfilment: Fulfilment,
  deps: Pick<CheckoutDeps, 'randomBytes'> & { vault: Pick<FulfillmentVault, 'seal'> },
): Promise<{ condition: string; sealedFulfillment: string; pickup: { lock: PickupLock; code: string } | null }> {
  const { condition, fulfillment } = preimageCondition(deps.randomBytes(32));
  const code = fulfilment === 'pickup' ? newPickupCode(deps.randomBytes) : null;
  return {
    condition,
    sealedFulfillment: await deps.vault.seal(fulfillment, orderId),
    pickup: code === null ? null : { lock: newPickupLock(code, orderId, fulfillment), code },
  };
}

/**
 * Checkout (spec part 2 "Checkout", decision 023): the server prices every line from the listing, groups
 * the cart into one order per seller, checks that the escrow can be made and paid, makes each order's secret
 * condition, and reserves the units, all or nothing. The buyer then signs one EscrowCreate per order.
 */
export async function checkout(userId: string, request: CheckoutRequest, deps: CheckoutDeps): Promise<OrderRecord[]> {
  const [buyer, profile, cart] = await Promise.all([
    deps.users.user(userId),
    deps.profiles.get(userId),
    deps.carts.items(userId),
  ]);
  if (!buyer) throw new AppError('unauthenticated', 'unauthorized', 'Sign in to continue');
  if (!canBuyWith(profile)) throw new AppError('invalid_state', 'profile_incomplete', PROFILE_INCOMPLETE);
  if (cart.length === 0) throw new BadRequestError('Please add items to your cart before checking out');
  const shipTo = shipToOf(profile);
  const toZip = zipOf(shipTo.postalCode);

  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const now = deps.clock.now();
    const ids = cart.map((c) => c.listingId);
    const [listings, offers] = await Promise.all([deps.listings.get(ids), offerPrices(userId, ids, deps.offers, now)]);
    const items = buyableItems(userId, cart, listings, offers, now);
    const groups = groupLines(items, allowedPickupSellers(items, request.localPickupSellerIds ?? []));
    const shipping = await chosenShipping(userId, groups, toZip, request.shipping, deps);
    const priced = groups.map((g) => priceGroup(g, shipping));
    const total = priced.reduce((sum, o) => sum + o.totalCents, 0);
    assertOrderTotalWithinLimit(total);
    if (total !== request.expectedTotalCents) throw priceChanged(total);
    const lines = groups.flatMap((g) => g.lines);
    const holdState = await deps.holds.read(userId, [...new Set(lines.map((l) => l.listingId))], utcDay(now));
    // A pickup order writes its code's item in the same transaction (decision 040).
    const codes = groups.filter((g) => g.fulfilment === 'pickup').length;
    const hold = holdFor(holdState, lines, groups.length, RESERVATION_MINUTES * 60, now, codes);

    const sellers = await Promise.all(priced.map((o) => deps.users.user(o.sellerId)));
    await assertPayable(
      buyer.walletAddress,
      sellers.map((s) => s?.walletAddress ?? null),
      total,
      deps,
    );

    const checkoutId = deps.newId();
    const createdAt = now.toISOString();
    const cancelAfter = await cancelAfterFrom(now, deps);
    const pickupCodes: PickupCode[] = [];
    const orders = await Promise.all(
      priced.map(async (o, i): Promise<OrderRecord> => {
        const orderId = deps.newId();
        const secret = await newCondition(orderId, o.fulfilment, deps);
        if (secret.pickup) pickupCodes.push({ orderId, buyerId: userId, code: secret.pickup.code });
        return {
          orderId,
          checkoutId,
          buyerId: userId,
          buyerUsername: buyer.username,
          sellerId: o.sellerId,
          sellerUsername: o.sellerUsername,
          status: 'awaiting_signature',
          lines: o.lines.map(({ calculated: _, ...l }) => l),
          itemsCents: o.itemsCents,
          shippingCents: o.shippingCents,
          totalCents: o.totalCents,
          shipping: orderShipping(o, shipTo),
          escrow: {
            buyerAddress: buyer.walletAddress,
            sellerAddress: sellers[i]!.walletAddress,
            condition: secret.condition,
            sealedFulfillment: secret.sealedFulfillment,
            cancelAfter,
          },
          ...(secret.pickup && { pickup: secret.pickup.lock }),
          signing: null,
          escrowCreate: null,
          cancelReason: null,
          shipment: NO_SHIPMENT,
          fee: null,
          label: null,
          settlement: null,
          releaseReason: null,
          refundReason: null,
          completedAt: null,
          refundedAt: null,
          releaseDueAt: null,
          reservationExpiresAt: new Date(now.getTime() + hold.seconds * 1000).toISOString(),
          auction: null,
          hold,
          createdAt,
          updatedAt: createdAt,
          fundedAt: null,
          cancelledAt: null,
        };
      }),
    );
    const reservations = new Map<string, Reservation>();
    for (const { listing, quantity } of buyableItems(userId, cart, listings, offers, now)) {
      const units = (reservations.get(listing.listingId)?.quantity ?? 0) + quantity;
      const stock = {
        quantity: listing.quantity,
        sold: listing.quantitySold,
        maxReserved: listing.quantity - listing.quantitySold - units,
      };
      reservations.set(listing.listingId, { listingId: listing.listingId, quantity: units, stock });
    }
    if ((await deps.orders.place(orders, [...reservations.values()], pickupCodes)) === 'ok') return orders;
    // Another checkout took units or the stock changed: read again after a short random pause.
    await new Promise((r) => setTimeout(r, Math.random() * 10 * 2 ** attempt));
  }
  throw new ConflictError('These items are selling fast: the stock changed while checking out. Try again.');
}
