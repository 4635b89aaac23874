import { requestLabelPayment } from '../../core/orders/request-label-payment';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { requestLabelPaymentDeps } from '../../wiring/orders';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.requestLabelPayment,
  async (req) => {
    const deps = await requestLabelPaymentDeps(req.log);
    return ok(await requestLabelPayment(principalOf(req).userId, req.params.orderId, req.body.serviceType, deps));
  },
  { idempotency: idempotentRequests('requestLabelPayment') },
);
