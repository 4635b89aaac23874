import { bidDeps } from '../../adapters/bid-deps';
import { bidOnListing } from '../../core/bids/bid-on-listing';
import { created, httpHandler, principalOf } from '../../lib/http-handler';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.placeBid,
  async (req) => {
    const { placed, replayed } = await bidOnListing(
      {
        userId: principalOf(req).userId,
        listingId: req.params.listingId,
        maxCents: req.body.amountCents,
        idempotencyKey: req.idempotencyKey!,
      },
      bidDeps(req.log),
    );
    if (!replayed) req.metrics.count('BidsPlaced', 1);
    return created(placed);
  },
  // A retried or double-clicked bid gets the first answer, never a second bid: the use case stores the answer in the
  // bid's own transaction (decision 031).
  { idempotency: 'use-case' },
);
