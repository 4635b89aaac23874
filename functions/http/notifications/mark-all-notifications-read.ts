import { markAllNotificationsRead } from '../../core/notifications/mark-all-notifications-read';
import { markAllNotificationsReadDeps } from '../../wiring/notifications';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.markAllNotificationsRead, async (req) =>
  ok(await markAllNotificationsRead(principalOf(req).userId, markAllNotificationsReadDeps())),
);
