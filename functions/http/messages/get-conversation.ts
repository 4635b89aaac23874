import { messageDeps } from '../../adapters/message-deps';
import { getConversation } from '../../core/messages/read-conversations';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getConversation, async (req) =>
  ok(await getConversation(principalOf(req).userId, req.params.conversationId, messageDeps(req.log))),
);
