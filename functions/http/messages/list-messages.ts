import { messageDeps } from '../../adapters/message-deps';
import { listMessages } from '../../core/messages/read-conversations';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listMessages, async (req) =>
  ok(await listMessages(principalOf(req).userId, req.params.conversationId, req.query, messageDeps(req.log))),
);
