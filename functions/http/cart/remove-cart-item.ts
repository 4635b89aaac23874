import { cartDeps } from '../../adapters/cart-deps';
import { removeCartItem } from '../../core/cart/cart';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.removeCartItem, async (req) =>
  ok(await removeCartItem(principalOf(req).userId, req.params.listingId, cartDeps())),
);
