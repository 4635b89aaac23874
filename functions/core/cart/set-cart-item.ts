import type { Cart } from '../../../shared/api/cart';
import { CART_MAX_ITEMS } from '../../../shared/domain/cart';
import { AppError } from '../../lib/errors';
import { CART_FULL_MESSAGE, checkPurchasable } from './cart-rules';
import { getCart } from './get-cart';
import { offerPrices, type OfferPrice } from './offer-price';
import type { CartDeps } from './ports';

/** Adds the listing or sets its quantity, after checking the buyer may buy that many now. */
export async function setCartItem(userId: string, listingId: string, quantity: number, deps: CartDeps): Promise<Cart> {
  const at = deps.clock.now();
  const [found] = await deps.listings.get([listingId]);
  const offers = found ? await offerPrices(userId, [found.listingId], deps.offers, at) : new Map<string, OfferPrice>();
  // The listing's own id: ids are matched without regard to case, and the cart keeps the canonical one.
  const listing = checkPurchasable(userId, found, quantity, at, found && offers.get(found.listingId));
  const outcome = await deps.carts.put(userId, listing.listingId, quantity, at.toISOString(), CART_MAX_ITEMS);
  if (outcome === 'full') throw new AppError('invalid_state', 'cart_full', CART_FULL_MESSAGE);
  return getCart(userId, deps);
}
