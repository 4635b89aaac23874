import { endListing } from '../../core/listings/end-listing';
import { endListingDeps } from '../../wiring/listings';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.endListing, async (req) => {
  const ended = await endListing(principalOf(req).userId, req.params.listingId, endListingDeps(req.log));
  req.metrics.count('ListingsEnded');
  return ok(ended);
});
