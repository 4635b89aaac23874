import { listListings } from '../../core/listings/list-listings';
import { listListingsDeps } from '../../wiring/listings';
import { httpHandler, ok, sourceIpOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listListings, async ({ query, event }) =>
  ok(await listListings(query, listListingsDeps(sourceIpOf(event)))),
);
