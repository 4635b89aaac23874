import { importListingPhoto } from '../../core/listings/import-listing-photo';
import { importListingPhotoDeps } from '../../wiring/listings';
import { created, httpHandler, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.importListingPhoto, async (req) =>
  created(await importListingPhoto(principalOf(req).userId, req.body.url, importListingPhotoDeps())),
);
