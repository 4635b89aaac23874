import { getWishlist } from '../../core/wishlist/get-wishlist';
import { getWishlistDeps } from '../../wiring/wishlist';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getWishlist, async (req) =>
  ok(await getWishlist(principalOf(req).userId, getWishlistDeps())),
);
