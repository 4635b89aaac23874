import { bidStore } from '../../adapters/db/bid-store';
import { db } from '../../adapters/db/service';
import { listBids } from '../../core/bids/list-bids';
import { httpHandler, ok } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listBids, async (req) =>
  ok(await listBids(req.params.listingId, bidStore(db()))),
);
