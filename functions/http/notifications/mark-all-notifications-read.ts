import { notificationDeps } from '../../adapters/notification-deps';
import { markAllNotificationsRead } from '../../core/notifications/read-notifications';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.markAllNotificationsRead, async (req) =>
  ok(await markAllNotificationsRead(principalOf(req).userId, notificationDeps())),
);
