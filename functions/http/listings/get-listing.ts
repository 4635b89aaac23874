import { listingDetailReader } from '../../adapters/db/listing-detail-reader';
import { db } from '../../adapters/db/service';
import { mediaUrl } from '../../adapters/media-url';
import { getListing } from '../../core/listings/get-listing';
import { httpHandler, ok } from '../../wiring/http';
import { optionalPrincipal } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getListing, async (req) => {
  const viewer = await optionalPrincipal(req.event.headers);
  return ok(await getListing(req.params.listingId, viewer?.userId ?? null, listingDetailReader(db()), mediaUrl));
});
