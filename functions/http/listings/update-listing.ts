import { updateListing } from '../../core/listings/update-listing';
import { updateListingDeps } from '../../wiring/listings';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.updateListing, async (req) => {
  const listing = await updateListing(principalOf(req).userId, req.params.listingId, req.body, updateListingDeps());
  req.metrics.count('ListingsUpdated');
  return ok(listing);
});
