import { NOTIFICATIONS_PAGE_SIZE } from '../../../shared/api/notifications';
import { listNotifications } from '../../core/notifications/list-notifications';
import { listNotificationsDeps } from '../../wiring/notifications';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listNotifications, async (req) =>
  ok(
    await listNotifications(
      principalOf(req).userId,
      { cursor: req.query.cursor, limit: req.query.limit ?? NOTIFICATIONS_PAGE_SIZE },
      listNotificationsDeps(),
    ),
  ),
);
