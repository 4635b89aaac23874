import { bidDeps } from '../../adapters/bid-deps';
import { bidAuthenticator, withFirstRead } from '../../adapters/bid-first-read';
import { bidOnListing } from '../../core/bids/bid-on-listing';
import { created, httpHandler, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.placeBid,
  async (req) => {
    const request = {
      userId: principalOf(req).userId,
      listingId: req.params.listingId,
      maxCents: req.body.amountCents,
      idempotencyKey: req.idempotencyKey!,
    };
    const deps = bidDeps(req.log);
    const { placed, replayed } = await bidOnListing(request, {
      ...deps,
      store: withFirstRead(deps.store, req.event, request),
    });
    if (!replayed) req.metrics.count('BidsPlaced', 1);
    return created(placed);
  },
  // A retried or double-clicked bid gets the first answer, never a second bid: the use case stores the answer in the
  // bid's own transaction (decision 031). The bid's first read goes to the table with the session check (036).
  { idempotency: 'use-case', authenticate: bidAuthenticator },
);
