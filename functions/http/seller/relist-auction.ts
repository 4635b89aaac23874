import { relistDeps } from '../../adapters/auction-deps';
import { relistAuction } from '../../core/auctions/relist';
import { created, httpHandler, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.relistAuction,
  async (req) => {
    const relisted = await relistAuction(principalOf(req).userId, req.params.listingId, req.body.endsAt, relistDeps());
    req.metrics.count('ListingsCreated');
    return created(relisted);
  },
  // A retried relist gets the first answer instead of a second listing.
  { idempotency: idempotentRequests('relistAuction') },
);
