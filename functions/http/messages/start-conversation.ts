import { startConversation } from '../../core/messages/start-conversation';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { startConversationDeps } from '../../wiring/messages';
import { routes } from '../../routes';

// Find-or-create: a retry finds the conversation the first request made (200 either way, `created` says which).
export const handler = httpHandler(routes.startConversation, async (req) => {
  const result = await startConversation(principalOf(req).userId, req.body, startConversationDeps(req.log));
  if (result.created) req.metrics.count('ConversationsStarted', 1);
  return ok(result);
});
