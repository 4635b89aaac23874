import { offerDeps } from '../../adapters/offer-deps';
import { listMyOffers } from '../../core/offers/list-offers';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listMyOffers, async (req) =>
  ok(await listMyOffers(principalOf(req).userId, req.query.cursor, offerDeps(req.log))),
);
