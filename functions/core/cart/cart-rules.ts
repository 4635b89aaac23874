import type { CartLine } from '../../../shared/api/cart';
import { isLocalPickup, lineTotalCents, unitShippingCents } from '../../../shared/domain/cart';
import { pickupOffered } from '../../../shared/domain/pickup-choice';
import { AppError, NotFoundError } from '../../lib/errors';
import type { MediaUrl } from '../listings/to-card';
import { ONE_UNIT_AT_OFFER, unitPriceWith, unitsWith, type OfferPrice } from './offer-price';
import type { CartItem } from './ports';
import { unitPriceOf, type SaleListing } from './sale-listing';

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
  deps: { mediaUrl: MediaUrl },
  at: Date,
  offer?: OfferPrice,
): CartLine {
  const unitPriceCents = unitPriceWith(listing, offer, at);
  const available = unitsWith(listing, offer, at);
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

/** Whether this buyer may hold `quantity` units of the listing in a cart; throws the reason when not. */
export function checkPurchasable(
  userId: string,
  listing: SaleListing | undefined,
  quantity: number,
  at: Date,
  offer: OfferPrice | undefined,
): SaleListing {
  if (!listing || listing.status === 'deleted') throw new NotFoundError('Listing not found');
  if (listing.sellerId === userId) throw cannotBuy('own_listing');
  if (listing.status === 'active' && unitPriceOf(listing, at) === null) throw cannotBuy('no_price');
  const available = unitsWith(listing, offer, at);
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
