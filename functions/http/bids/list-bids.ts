import { listBids } from '../../core/bids/list-bids';
import { listBidsDeps } from '../../wiring/bids';
import { httpHandler, ok } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listBids, async (req) =>
  ok(await listBids(req.params.listingId, listBidsDeps())),
);
