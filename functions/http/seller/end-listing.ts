import { db } from '../../adapters/db/service';
import { sellerListingStore } from '../../adapters/db/seller-listing-store';
import { endListing } from '../../core/listings/seller-listings';
import { httpHandler, ok, principalOf } from '../../lib/http-handler';
import { routes } from '../../routes';

export const handler = httpHandler(routes.endListing, async (req) => {
  const ended = await endListing(principalOf(req).userId, req.params.listingId, sellerListingStore(db()), new Date());
  req.metrics.count('ListingsEnded');
  return ok(ended);
});
