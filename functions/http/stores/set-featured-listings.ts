import { setFeaturedListings } from '../../core/stores/set-featured-listings';
import { setFeaturedListingsDeps } from '../../wiring/stores';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.setFeaturedListings, async (req) =>
  ok(await setFeaturedListings(principalOf(req).userId, req.body.listingIds, setFeaturedListingsDeps())),
);
