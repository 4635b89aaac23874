import type { CartDeps } from '../core/cart/ports';
import { clock } from '../adapters/clock';
import { cartStore } from '../adapters/db/cart-store';
import { currentOffers } from '../adapters/db/offer-store';
import { saleListings } from '../adapters/db/sale-listings';
import { db } from '../adapters/db/service';
import { mediaUrl } from '../adapters/media-url';

/** The cart's stores: every use case reads the cart and prices it from listings and offers as they are now. */
function cartDeps(): CartDeps {
  return {
    carts: cartStore(db()),
    listings: saleListings(db()),
    offers: currentOffers(db()),
    mediaUrl,
    clock,
  };
}

export const getCartDeps = cartDeps;
export const setCartItemDeps = cartDeps;
export const removeCartItemDeps = cartDeps;
export const clearCartDeps = cartDeps;
export const mergeCartDeps = cartDeps;
