import { lookupProducts } from '../../core/lookup/lookup-products';
import { lookupProductsDeps } from '../../wiring/lookup';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.lookupProducts, async (req) =>
  ok(
    { items: await lookupProducts(principalOf(req).userId, req.query.q, lookupProductsDeps()) },
    { 'cache-control': 'private, max-age=300' },
  ),
);
