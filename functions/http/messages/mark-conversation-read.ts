import { markConversationRead } from '../../core/messages/mark-conversation-read';
import { markConversationReadDeps } from '../../wiring/messages';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.markConversationRead, async (req) =>
  ok(await markConversationRead(principalOf(req).userId, req.params.conversationId, markConversationReadDeps(req.log))),
);
