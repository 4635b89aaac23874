import { listMyListings } from '../../core/listings/list-my-listings';
import { listMyListingsDeps } from '../../wiring/listings';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listMyListings, async (req) =>
  ok(await listMyListings(principalOf(req).userId, listMyListingsDeps())),
);
