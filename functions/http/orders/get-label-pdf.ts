import { getLabelPdf } from '../../core/orders/get-label-pdf';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { getLabelPdfDeps } from '../../wiring/orders';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getLabelPdf, async (req) =>
  ok(await getLabelPdf(principalOf(req).userId, req.params.orderId, getLabelPdfDeps(req.log))),
);
