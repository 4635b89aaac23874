import { feeDeps } from '../../wiring/orders';
import { requestPlatformFee } from '../../core/orders/platform-fee';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.requestPlatformFee,
  async (req) => ok(await requestPlatformFee(principalOf(req).userId, req.params.orderId, await feeDeps(req.log))),
  { idempotency: idempotentRequests('requestPlatformFee') },
);
