import { moderateListing } from '../../core/admin-moderation/moderate-listing';
import { moderationDeps } from '../../wiring/admin-moderation';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { routes } from '../../routes';

/** An administrator features, unfeatures, hides or unhides a listing (decision 066). */
export const handler = httpHandler(
  routes.moderateListing,
  async (req) => ok(await moderateListing(principalOf(req).userId, req.params.listingId, req.body, moderationDeps())),
  { idempotency: idempotentRequests('moderateListing') },
);
