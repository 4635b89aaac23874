import { messageDeps } from '../../adapters/message-deps';
import { markConversationRead } from '../../core/messages/read-conversations';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.markConversationRead, async (req) =>
  ok(await markConversationRead(principalOf(req).userId, req.params.conversationId, messageDeps(req.log))),
);
