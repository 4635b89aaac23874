import { labelDeps } from '../../adapters/label-deps';
import { getLabelPdf } from '../../core/orders/platform-label';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getLabelPdf, async (req) =>
  ok(await getLabelPdf(principalOf(req).userId, req.params.orderId, labelDeps(req.log))),
);
