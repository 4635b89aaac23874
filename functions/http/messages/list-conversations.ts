import { listConversations } from '../../core/messages/list-conversations';
import { listConversationsDeps } from '../../wiring/messages';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listConversations, async (req) =>
  ok(await listConversations(principalOf(req).userId, req.query.with, listConversationsDeps(req.log))),
);
