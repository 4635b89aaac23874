import { removeCartItemDeps } from '../../wiring/cart';
import { removeCartItem } from '../../core/cart/remove-cart-item';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.removeCartItem, async (req) =>
  ok(await removeCartItem(principalOf(req).userId, req.params.listingId, removeCartItemDeps())),
);
