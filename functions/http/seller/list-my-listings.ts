import { db } from '../../adapters/db/service';
import { sellerListingStore } from '../../adapters/db/seller-listing-store';
import { mediaUrl } from '../../adapters/media-url';
import { listMyListings } from '../../core/listings/seller-listings';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listMyListings, async (req) =>
  ok(await listMyListings(principalOf(req).userId, sellerListingStore(db()), mediaUrl)),
);
