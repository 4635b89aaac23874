import { productLookup } from '../../adapters/lookup/product-lookup';
import { lookupProducts } from '../../core/lookup/product-lookup';
import { httpHandler, ok } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.lookupProducts, async (req) =>
  ok({ items: await lookupProducts(req.query.q, productLookup()) }, { 'cache-control': 'private, max-age=300' }),
);
