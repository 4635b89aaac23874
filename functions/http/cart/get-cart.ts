import { cartDeps } from '../../adapters/cart-deps';
import { getCart } from '../../core/cart/cart';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getCart, async (req) =>
  ok(await getCart(principalOf(req).userId, cartDeps())),
);
