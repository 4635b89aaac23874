import { messageDeps } from '../../adapters/message-deps';
import { listConversations } from '../../core/messages/read-conversations';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listConversations, async (req) =>
  ok(await listConversations(principalOf(req).userId, req.query.with, messageDeps(req.log))),
);
