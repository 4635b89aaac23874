import { addToWishlist } from '../../core/wishlist/add-to-wishlist';
import { addToWishlistDeps } from '../../wiring/wishlist';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.addToWishlist, async (req) =>
  ok(await addToWishlist(principalOf(req).userId, req.params.listingId, addToWishlistDeps())),
);
