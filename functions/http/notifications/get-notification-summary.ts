import { getNotificationSummary } from '../../core/notifications/get-notification-summary';
import { getNotificationSummaryDeps } from '../../wiring/notifications';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getNotificationSummary, async (req) =>
  ok(await getNotificationSummary(principalOf(req).userId, getNotificationSummaryDeps())),
);
