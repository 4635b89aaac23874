import { listAwaitingPayment } from '../../core/orders/list-awaiting-payment';
import { listAwaitingPaymentDeps } from '../../wiring/orders';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.listAwaitingPayment, async (req) =>
  ok(await listAwaitingPayment(principalOf(req).userId, req.query, listAwaitingPaymentDeps())),
);
