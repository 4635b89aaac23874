import { relistAuction } from '../../core/auctions/relist-auction';
import { relistAuctionDeps } from '../../wiring/auctions';
import { created, httpHandler, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.relistAuction,
  async (req) => {
    const { userId } = principalOf(req);
    const relisted = await relistAuction(userId, req.params.listingId, req.body.endsAt, relistAuctionDeps(req.log));
    req.metrics.count('ListingsCreated');
    return created(relisted);
  },
  // A retried relist gets the first answer instead of a second listing.
  { idempotency: idempotentRequests('relistAuction') },
);
