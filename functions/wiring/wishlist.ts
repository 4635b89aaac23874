import type { WishlistDeps } from '../core/wishlist/wishlist';
// Real time, as these use cases read it before the Clock port: moving them to the functions' clock is its own step.
import { systemClock as clock } from '../core/clock/clock';
import { db } from '../adapters/db/service';
import { listingReader, wishlistStore } from '../adapters/db/wishlist-store';
import { mediaUrl } from '../adapters/media-url';

function wishlistDeps(): WishlistDeps {
  return { wishlist: wishlistStore(db()), listings: listingReader(db()), mediaUrl, clock };
}

export const getWishlistDeps = wishlistDeps;
export const addToWishlistDeps = wishlistDeps;
export const removeFromWishlistDeps = wishlistDeps;
