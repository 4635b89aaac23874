import { listMyOffers } from '../../core/offers/list-my-offers';
import { listMyOffersDeps } from '../../wiring/offers';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listMyOffers, async (req) =>
  ok(await listMyOffers(principalOf(req).userId, req.query.cursor, listMyOffersDeps(req.log))),
);
