import { bidDeps } from '../../adapters/bid-deps';
import { bidOnListing } from '../../core/bids/bid-on-listing';
import { created, httpHandler, principalOf } from '../../lib/http-handler';
import { idempotentRequests } from '../../lib/idempotency';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.placeBid,
  async (req) => {
    const placed = await bidOnListing(
      principalOf(req).userId,
      req.params.listingId,
      req.body.amountCents,
      bidDeps(req.log),
    );
    req.metrics.count('BidsPlaced', 1);
    return created(placed);
  },
  // A retried or double-clicked bid gets the first answer: never a second bid.
  { idempotency: idempotentRequests('placeBid') },
);
