import { getCartDeps } from '../../wiring/cart';
import { getCart } from '../../core/cart/get-cart';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getCart, async (req) =>
  ok(await getCart(principalOf(req).userId, getCartDeps())),
);
