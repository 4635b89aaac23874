import { labelDeps } from '../../adapters/label-deps';
import { getLabelRates } from '../../core/orders/platform-label';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getLabelRates, async (req) =>
  ok(await getLabelRates(principalOf(req).userId, req.params.orderId, labelDeps(req.log))),
);
