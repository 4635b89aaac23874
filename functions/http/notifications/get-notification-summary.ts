import { notificationStore } from '../../adapters/db/notification-store';
import { db } from '../../adapters/db/service';
import { notificationSummary } from '../../core/notifications/read-notifications';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getNotificationSummary, async (req) =>
  ok(await notificationSummary(principalOf(req).userId, notificationStore(db()))),
);
