import { notificationDeps } from '../../adapters/notification-deps';
import { markNotificationRead } from '../../core/notifications/read-notifications';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.markNotificationRead, async (req) =>
  ok(await markNotificationRead(principalOf(req).userId, req.params.id, notificationDeps())),
);
