import { notificationDeps } from '../../adapters/notification-deps';
import { markAllNotificationsRead } from '../../core/notifications/read-notifications';
import { httpHandler, ok, principalOf } from '../../lib/http-handler';
import { routes } from '../../routes';

export const handler = httpHandler(routes.markAllNotificationsRead, async (req) =>
  ok(await markAllNotificationsRead(principalOf(req).userId, notificationDeps())),
);
