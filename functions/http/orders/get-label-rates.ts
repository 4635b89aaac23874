import { getLabelRates } from '../../core/orders/get-label-rates';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { getLabelRatesDeps } from '../../wiring/orders';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getLabelRates, async (req) =>
  ok(await getLabelRates(principalOf(req).userId, req.params.orderId, getLabelRatesDeps(req.log))),
);
