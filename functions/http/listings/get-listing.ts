import { getListing } from '../../core/listings/get-listing';
import { getListingDeps } from '../../wiring/listings';
import { httpHandler, ok, optionalPrincipal } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getListing, async (req) => {
  const viewer = await optionalPrincipal(req.event.headers);
  const { reader, mediaUrl } = getListingDeps();
  return ok(await getListing(req.params.listingId, viewer?.userId ?? null, reader, mediaUrl));
});
