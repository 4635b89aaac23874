import { cartDeps } from '../../adapters/cart-deps';
import { clearCart } from '../../core/cart/cart';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.clearCart, async (req) =>
  ok(await clearCart(principalOf(req).userId, cartDeps())),
);
