import type { Cart, CartLine, MERGE_SKIP_REASONS } from '../../../shared/api/cart';
import { CART_MAX_ITEMS, isLocalPickup, lineTotalCents, unitShippingCents } from '../../../shared/domain/cart';
import { pickupOffered } from '../../../shared/domain/pickup-choice';
import { AppError, NotFoundError } from '../../lib/errors';
import type { MediaUrl } from '../listings/to-card';
import {
  offerPrices,
  ONE_UNIT_AT_OFFER,
  unitPriceWith,
  unitsWith,
  type CurrentOffers,
  type OfferPrice,
} from './offer-price';
import { unitPriceOf, type SaleListing } from './sale-listing';

export interface CartItem {
  listingId: string;
  quantity: number;
  addedAt: string;
}

export type PutOutcome = 'ok' | 'full';

export interface CartStore {
  /** Oldest first. */
  items(userId: string): Promise<CartItem[]>;
  /** Adds the listing or sets its quantity; 'full' when it is new and the cart already holds `max` lines. */
  put(userId: string, listingId: string, quantity: number, addedAt: string, max: number): Promise<PutOutcome>;
  remove(userId: string, listingIds: readonly string[]): Promise<void>;
}

export interface SaleListingReader {
  /** The listings that exist among `ids`, read consistently (prices and stock must be current). */
  get(ids: readonly string[]): Promise<SaleListing[]>;
}

export interface CartDeps {
  carts: CartStore;
  listings: SaleListingReader;
  /** The buyer's offers on the cart's listings: an accepted one prices its line (decision 033). */
  offers: CurrentOffers;
  mediaUrl: MediaUrl;
  now: () => Date;
}

export const CART_FULL_MESSAGE = 'Maximum 50 items allowed in cart.';

/** Why a listing can't go into this buyer's cart: a 4xx with a code the web app maps to the spec's toasts. */
export function cannotBuy(code: 'own_listing' | 'unavailable' | 'no_price' | 'quantity_unavailable', detail = '') {
  switch (code) {
    case 'own_listing':
      return new AppError('forbidden', code, 'You cannot buy your own listing.');
    case 'no_price':
      return new AppError('invalid_state', code, "This item doesn't have a buy now price.");
    case 'unavailable':
      return new AppError('invalid_state', code, 'This item is no longer available.');
    case 'quantity_unavailable':
      return new AppError('invalid_state', code, detail);
  }
}

/** A cart line priced from the listing as it is now, or one unit at the buyer's accepted offer on it. */
export function priceLine(
  item: CartItem,
  listing: SaleListing,
  deps: Pick<CartDeps, 'mediaUrl'>,
  now: Date,
  offer?: OfferPrice,
): CartLine {
  const unitPriceCents = unitPriceWith(listing, offer, now);
  const available = unitsWith(listing, offer, now);
  const status =
    unitPriceCents === null || available === 0 ? 'unavailable' : item.quantity > available ? 'reduced' : 'ok';
  const rule = {
    unitPriceCents: unitPriceCents ?? 0,
    shippingCostCents: listing.shippingCostCents ?? null,
    shippingType: listing.shippingType,
    quantity: item.quantity,
  };
  const image = listing.images?.[0];
  const location = listing.location;
  return {
    listingId: listing.listingId,
    title: listing.title,
    imageUrl: image ? deps.mediaUrl(image.thumbKey ?? image.key) : null,
    listingType: listing.listingType,
    sellerId: listing.sellerId,
    sellerName: listing.sellerUsername,
    sellerLocation: location?.zipCode
      ? { city: location.city ?? '', state: location.state ?? '', zipCode: location.zipCode }
      : null,
    isLocalPickup: isLocalPickup(listing.shippingType),
    offersLocalPickup: !isLocalPickup(listing.shippingType) && pickupOffered(listing),
    shippingType: listing.shippingType,
    shippingCostCents: unitShippingCents(rule),
    unitPriceCents,
    quantity: item.quantity,
    available,
    lineTotalCents: status === 'unavailable' ? 0 : lineTotalCents(rule),
    status,
    addedAt: item.addedAt,
    ...(offer && { offer: { id: offer.offerId, buyBy: offer.buyBy } }),
  };
}

/** The cart with every line priced now; lines whose listing is gone altogether are dropped from the answer. */
export async function getCart(userId: string, deps: CartDeps): Promise<Cart> {
  const items = await deps.carts.items(userId);
  const now = deps.now();
  const ids = items.map((i) => i.listingId);
  const [found, offers] = await Promise.all([deps.listings.get(ids), offerPrices(userId, ids, deps.offers, now)]);
  const listings = new Map(found.map((l) => [l.listingId, l]));
  const lines = items.flatMap((item) => {
    const listing = listings.get(item.listingId);
    return listing ? [priceLine(item, listing, deps, now, offers.get(listing.listingId))] : [];
  });
  const counted = lines.filter((l) => l.status !== 'unavailable');
  const itemsCents = counted.reduce((sum, l) => sum + (l.unitPriceCents ?? 0) * l.quantity, 0);
  const shippingCents = counted.reduce((sum, l) => sum + l.shippingCostCents * l.quantity, 0);
  return {
    items: lines,
    count: lines.reduce((sum, l) => sum + l.quantity, 0),
    itemsCents,
    shippingCents,
    totalCents: itemsCents + shippingCents,
  };
}

/** Whether this buyer may hold `quantity` units of the listing in a cart; throws the reason when not. */
function checkPurchasable(
  userId: string,
  listing: SaleListing | undefined,
  quantity: number,
  now: Date,
  offer: OfferPrice | undefined,
): SaleListing {
  if (!listing || listing.status === 'deleted') throw new NotFoundError('Listing not found');
  if (listing.sellerId === userId) throw cannotBuy('own_listing');
  if (listing.status === 'active' && unitPriceOf(listing, now) === null) throw cannotBuy('no_price');
  const available = unitsWith(listing, offer, now);
  if (available === 0) throw cannotBuy('unavailable');
  if (quantity > available) {
    throw cannotBuy(
      'quantity_unavailable',
      offer
        ? ONE_UNIT_AT_OFFER
        : available === 1
          ? 'Only 1 unit is available.'
          : `Only ${available} units are available.`,
    );
  }
  return listing;
}

/** Adds the listing or sets its quantity, after checking the buyer may buy that many now. */
export async function setCartItem(userId: string, listingId: string, quantity: number, deps: CartDeps): Promise<Cart> {
  const now = deps.now();
  const [found] = await deps.listings.get([listingId]);
  const offers = found ? await offerPrices(userId, [found.listingId], deps.offers, now) : new Map<string, OfferPrice>();
  // The listing's own id: ids are matched without regard to case, and the cart keeps the canonical one.
  const listing = checkPurchasable(userId, found, quantity, now, found && offers.get(found.listingId));
  const outcome = await deps.carts.put(userId, listing.listingId, quantity, now.toISOString(), CART_MAX_ITEMS);
  if (outcome === 'full') throw new AppError('invalid_state', 'cart_full', CART_FULL_MESSAGE);
  return getCart(userId, deps);
}

export async function removeCartItem(userId: string, listingId: string, deps: CartDeps): Promise<Cart> {
  await deps.carts.remove(userId, [listingId]);
  return getCart(userId, deps);
}

export async function clearCart(userId: string, deps: CartDeps): Promise<Cart> {
  const items = await deps.carts.items(userId);
  await deps.carts.remove(
    userId,
    items.map((i) => i.listingId),
  );
  return getCart(userId, deps);
}

type SkipReason = (typeof MERGE_SKIP_REASONS)[number];

/**
 * The signed-out cart joins the account's: each line keeps the larger quantity, capped at what is left; lines the
 * buyer can't have (own, gone, unavailable, no room) are skipped and named. Sending the same lines again changes nothing.
 */
export async function mergeCart(
  userId: string,
  lines: readonly { listingId: string; quantity: number }[],
  deps: CartDeps,
) {
  const now = deps.now();
  const wanted = new Map<string, number>();
  for (const l of lines) wanted.set(l.listingId, Math.max(wanted.get(l.listingId) ?? 0, l.quantity));
  const current = new Map((await deps.carts.items(userId)).map((i) => [i.listingId, i.quantity]));
  const listings = new Map((await deps.listings.get([...wanted.keys()])).map((l) => [l.listingId, l]));
  const offers = await offerPrices(userId, [...listings.keys()], deps.offers, now);
  const skipped: { listingId: string; reason: SkipReason }[] = [];
  let moved = 0;
  for (const [listingId, quantity] of wanted) {
    const listing = listings.get(listingId);
    const reason: SkipReason | null =
      !listing || listing.status === 'deleted'
        ? 'not_found'
        : listing.sellerId === userId
          ? 'own_listing'
          : unitsWith(listing, offers.get(listingId), now) === 0
            ? 'unavailable'
            : null;
    if (reason) {
      skipped.push({ listingId, reason });
      continue;
    }
    const target = Math.min(
      Math.max(current.get(listingId) ?? 0, quantity),
      unitsWith(listing!, offers.get(listingId), now),
    );
    const outcome = await deps.carts.put(userId, listingId, target, now.toISOString(), CART_MAX_ITEMS);
    if (outcome === 'full') skipped.push({ listingId, reason: 'cart_full' });
    else moved++;
  }
  return { cart: await getCart(userId, deps), moved, skipped };
}
