import { labelDeps } from '../../adapters/label-deps';
import { feeDeps } from '../../wiring/orders';
import { requestLabelPayment } from '../../core/orders/platform-label';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.requestLabelPayment,
  async (req) => {
    const { carrier, profiles, listings } = labelDeps(req.log);
    const deps = { ...(await feeDeps(req.log)), carrier, profiles, listings };
    return ok(await requestLabelPayment(principalOf(req).userId, req.params.orderId, req.body.serviceType, deps));
  },
  { idempotency: idempotentRequests('requestLabelPayment') },
);
