import { notificationDeps } from '../../adapters/notification-deps';
import { markNotificationRead } from '../../core/notifications/read-notifications';
import { httpHandler, ok, principalOf } from '../../lib/http-handler';
import { routes } from '../../routes';

export const handler = httpHandler(routes.markNotificationRead, async (req) =>
  ok(await markNotificationRead(principalOf(req).userId, req.params.id, notificationDeps())),
);
