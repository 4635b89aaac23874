import { messageDeps } from '../../adapters/message-deps';
import { unreadMessageCount } from '../../core/messages/read-conversations';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getUnreadMessageCount, async (req) =>
  ok(await unreadMessageCount(principalOf(req).userId, messageDeps(req.log))),
);
