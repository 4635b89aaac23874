import { NOTIFICATIONS_PAGE_SIZE } from '../../../shared/api/notifications';
import { notificationStore } from '../../adapters/db/notification-store';
import { db } from '../../adapters/db/service';
import { listNotifications } from '../../core/notifications/read-notifications';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listNotifications, async (req) =>
  ok(
    await listNotifications(
      principalOf(req).userId,
      { cursor: req.query.cursor, limit: req.query.limit ?? NOTIFICATIONS_PAGE_SIZE },
      notificationStore(db()),
    ),
  ),
);
