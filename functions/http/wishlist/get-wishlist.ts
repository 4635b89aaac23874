import { wishlistDeps } from '../../adapters/wishlist-deps';
import { listWishlist } from '../../core/wishlist/wishlist';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getWishlist, async (req) =>
  ok(await listWishlist(principalOf(req).userId, wishlistDeps())),
);
