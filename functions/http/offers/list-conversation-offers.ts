import { listConversationOffers } from '../../core/offers/list-conversation-offers';
import { listConversationOffersDeps } from '../../wiring/offers';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listConversationOffers, async (req) =>
  ok(
    await listConversationOffers(
      principalOf(req).userId,
      req.params.conversationId,
      listConversationOffersDeps(req.log),
    ),
  ),
);
