import { lookupZip } from '../../core/lookup/lookup-zip';
import { lookupZipDeps } from '../../wiring/lookup';
import { httpHandler, ok } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.lookupZip, async (req) =>
  ok(await lookupZip(req.params.zip, lookupZipDeps()), { 'cache-control': 'private, max-age=86400' }),
);
