import { lookupProducts } from '../../core/lookup/lookup-products';
import { lookupProductsDeps } from '../../wiring/lookup';
import { httpHandler, ok } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.lookupProducts, async (req) =>
  ok(
    { items: await lookupProducts(req.query.q, lookupProductsDeps().products) },
    { 'cache-control': 'private, max-age=300' },
  ),
);
