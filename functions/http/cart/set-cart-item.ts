import { cartDeps } from '../../adapters/cart-deps';
import { setCartItem } from '../../core/cart/cart';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.setCartItem, async (req) =>
  ok(await setCartItem(principalOf(req).userId, req.params.listingId, req.body.quantity, cartDeps())),
);
