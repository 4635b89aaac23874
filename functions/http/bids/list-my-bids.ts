import { clock } from '../../adapters/clock';
import { myBidsStore } from '../../adapters/db/my-bids-store';
import { db } from '../../adapters/db/service';
import { mediaUrl } from '../../adapters/media-url';
import { listMyBids } from '../../core/bids/my-bids';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listMyBids, async (req) =>
  ok(await listMyBids(principalOf(req).userId, req.query, { store: myBidsStore(db()), mediaUrl, now: clock.now })),
);
