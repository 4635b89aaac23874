import type { WishlistDeps } from '../core/wishlist/wishlist';
import { db } from './db/service';
import { listingReader, wishlistStore } from './db/wishlist-store';
import { mediaUrl } from './media-url';

export function wishlistDeps(): WishlistDeps {
  return { wishlist: wishlistStore(db()), listings: listingReader(db()), mediaUrl, now: () => new Date() };
}
