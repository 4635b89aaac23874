import { listStoreReviews } from '../../core/stores/list-store-reviews';
import { listStoreReviewsDeps } from '../../wiring/stores';
import { httpHandler, ok } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listStoreReviews, async (req) => {
  const { reviews, mediaUrl } = listStoreReviewsDeps();
  return ok(await listStoreReviews(req.params.username, req.query.cursor, reviews, mediaUrl));
});
