import { listMyBids } from '../../core/bids/list-my-bids';
import { listMyBidsDeps } from '../../wiring/bids';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listMyBids, async (req) =>
  ok(await listMyBids(principalOf(req).userId, req.query, listMyBidsDeps())),
);
