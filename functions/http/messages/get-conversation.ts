import { getConversation } from '../../core/messages/get-conversation';
import { getConversationDeps } from '../../wiring/messages';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getConversation, async (req) =>
  ok(await getConversation(principalOf(req).userId, req.params.conversationId, getConversationDeps(req.log))),
);
