import { removeFromWishlist } from '../../core/wishlist/remove-from-wishlist';
import { removeFromWishlistDeps } from '../../wiring/wishlist';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.removeFromWishlist, async (req) =>
  ok(await removeFromWishlist(principalOf(req).userId, req.params.listingId, removeFromWishlistDeps())),
);
