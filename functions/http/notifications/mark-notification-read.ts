import { markNotificationRead } from '../../core/notifications/mark-notification-read';
import { markNotificationReadDeps } from '../../wiring/notifications';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.markNotificationRead, async (req) =>
  ok(await markNotificationRead(principalOf(req).userId, req.params.id, markNotificationReadDeps())),
);
