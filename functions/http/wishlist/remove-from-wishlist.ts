import { wishlistDeps } from '../../adapters/wishlist-deps';
import { removeFromWishlist } from '../../core/wishlist/wishlist';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.removeFromWishlist, async (req) =>
  ok(await removeFromWishlist(principalOf(req).userId, req.params.listingId, wishlistDeps())),
);
