import { accounts } from '../../wiring/auth';
import { listingEditStore } from '../../adapters/db/listing-edit-store';
import { db } from '../../adapters/db/service';
import { photoStore } from '../../adapters/photo-store';
import { thumbnailRequests } from '../../adapters/thumbnail-requests';
import { updateListing } from '../../core/listings/update-listing';
import { httpHandler, ok, principalOf } from '../../lib/http-handler';
import { routes } from '../../routes';

export const handler = httpHandler(routes.updateListing, async (req) => {
  const listing = await updateListing(principalOf(req).userId, req.params.listingId, req.body, {
    accounts: accounts(),
    store: listingEditStore(db()),
    photos: photoStore,
    thumbnails: thumbnailRequests,
    now: () => new Date(),
  });
  req.metrics.count('ListingsUpdated');
  return ok(listing);
});
