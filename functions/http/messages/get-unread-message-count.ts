import { getUnreadMessageCount } from '../../core/messages/get-unread-message-count';
import { getUnreadMessageCountDeps } from '../../wiring/messages';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getUnreadMessageCount, async (req) =>
  ok(await getUnreadMessageCount(principalOf(req).userId, getUnreadMessageCountDeps(req.log))),
);
