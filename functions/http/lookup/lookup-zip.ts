import { zipLookup } from '../../adapters/lookup/zip-lookup';
import { NotFoundError } from '../../lib/errors';
import { httpHandler, ok } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.lookupZip, async (req) => {
  const place = await zipLookup().lookup(req.params.zip);
  if (!place) throw new NotFoundError('ZIP code not found');
  return ok(place, { 'cache-control': 'private, max-age=86400' });
});
