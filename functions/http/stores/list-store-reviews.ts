import { db } from '../../adapters/db/service';
import { storeReviewsStore } from '../../adapters/db/store-reviews-store';
import { mediaUrl } from '../../adapters/media-url';
import { listStoreReviews } from '../../core/reviews/store-reviews';
import { httpHandler, ok } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listStoreReviews, async (req) =>
  ok(await listStoreReviews(req.params.username, req.query.cursor, storeReviewsStore(db()), mediaUrl)),
);
