import { listingBrowseStore } from '../../adapters/db/listing-browse-store';
import { db } from '../../adapters/db/service';
import { mediaUrl } from '../../adapters/media-url';
import { listListings } from '../../core/listings/list-listings';
import { httpHandler, ok } from '../../lib/http-handler';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listListings, async ({ query }) =>
  ok(await listListings(query, { store: listingBrowseStore(db()), mediaUrl, now: () => new Date() })),
);
