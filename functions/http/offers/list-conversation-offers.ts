import { offerDeps } from '../../adapters/offer-deps';
import { listConversationOffers } from '../../core/offers/list-offers';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listConversationOffers, async (req) =>
  ok(await listConversationOffers(principalOf(req).userId, req.params.conversationId, offerDeps(req.log))),
);
