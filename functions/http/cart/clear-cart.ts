import { clearCartDeps } from '../../wiring/cart';
import { clearCart } from '../../core/cart/clear-cart';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.clearCart, async (req) =>
  ok(await clearCart(principalOf(req).userId, clearCartDeps())),
);
