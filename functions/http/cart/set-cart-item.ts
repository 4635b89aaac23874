import { setCartItemDeps } from '../../wiring/cart';
import { setCartItem } from '../../core/cart/set-cart-item';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.setCartItem, async (req) =>
  ok(await setCartItem(principalOf(req).userId, req.params.listingId, req.body.quantity, setCartItemDeps())),
);
