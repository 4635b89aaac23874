import { placeBid } from '../../core/bids/place-bid';
import { bidAuthenticator, placeBidDeps, withFirstRead } from '../../wiring/bids';
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
    const deps = placeBidDeps(req.log);
    const { placed, replayed } = await placeBid(request, {
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
