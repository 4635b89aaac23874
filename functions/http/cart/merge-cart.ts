import { mergeCartDeps } from '../../wiring/cart';
import { mergeCart } from '../../core/cart/merge-cart';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.mergeCart, async (req) =>
  ok(await mergeCart(principalOf(req).userId, req.body.items, mergeCartDeps())),
);
