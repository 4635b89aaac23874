import { listMessages } from '../../core/messages/list-messages';
import { listMessagesDeps } from '../../wiring/messages';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listMessages, async (req) =>
  ok(await listMessages(principalOf(req).userId, req.params.conversationId, req.query, listMessagesDeps(req.log))),
);
