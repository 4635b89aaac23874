import { db } from '../../adapters/db/service';
import { eventQueue } from '../../adapters/event-queue';
import { sellerListingStore } from '../../adapters/db/seller-listing-store';
import { endListing } from '../../core/listings/seller-listings';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.endListing, async (req) => {
  const store = sellerListingStore(db(), {
    events: eventQueue,
    warn: (message, error) => req.log.warn(message, { error }),
  });
  const ended = await endListing(principalOf(req).userId, req.params.listingId, store, new Date());
  req.metrics.count('ListingsEnded');
  return ok(ended);
});
