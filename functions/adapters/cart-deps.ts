import type { CartDeps } from '../core/cart/cart';
import { clock } from './clock';
import { cartStore } from './db/cart-store';
import { currentOffers } from './db/offer-store';
import { saleListings } from './db/sale-listings';
import { db } from './db/service';
import { mediaUrl } from './media-url';

export function cartDeps(): CartDeps {
  return {
    carts: cartStore(db()),
    listings: saleListings(db()),
    offers: currentOffers(db()),
    mediaUrl,
    now: () => clock.now(),
  };
}
