import { getSellerAnalytics } from '../../core/analytics/get-seller-analytics';
import { getSellerAnalyticsDeps } from '../../wiring/analytics';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';
import type { AnalyticsRange } from '../../../shared/domain/analytics';

export const handler = httpHandler(routes.getSellerAnalytics, async (req) =>
  ok(
    await getSellerAnalytics(
      principalOf(req).userId,
      Number(req.query.range) as AnalyticsRange,
      getSellerAnalyticsDeps(req.log),
    ),
  ),
);
