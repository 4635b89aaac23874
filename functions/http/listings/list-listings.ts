import { listingBrowseStore } from '../../adapters/db/listing-browse-store';
import { rateLimitStore } from '../../adapters/db/rate-limit-store';
import { db } from '../../adapters/db/service';
import { mediaUrl } from '../../adapters/media-url';
import { enforceRateLimit } from '../../core/auth/rate-limit';
import { listListings } from '../../core/listings/list-listings';
import { httpHandler, ok, sourceIpOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listListings, async ({ query, event }) =>
  ok(
    await listListings(query, {
      store: listingBrowseStore(db()),
      mediaUrl,
      now: () => new Date(),
      limitSearch: () => enforceRateLimit(rateLimitStore(db()), 'searchListings', sourceIpOf(event), new Date()),
    }),
  ),
);
