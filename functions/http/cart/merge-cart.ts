import { cartDeps } from '../../adapters/cart-deps';
import { mergeCart } from '../../core/cart/cart';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.mergeCart, async (req) =>
  ok(await mergeCart(principalOf(req).userId, req.body.items, cartDeps())),
);
